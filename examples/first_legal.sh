#!/bin/sh
# A Sparrow seat in POSIX shell: it answers every request with the first legal action (index 0),
# which is always legal, and the request's id. It shows that any program that reads and writes lines
# can sit at the table:
#
#   sparrow simulate --players 'cmd:sh examples/first_legal.sh',normal,normal,normal --hands 100
while IFS= read -r line; do
  case "$line" in
    '{"type":"request","id":'*)
      # The id comes first in a request: cut what stands before it and after it, no JSON reader needed.
      id=${line#'{"type":"request","id":'}
      id=${id%%,*}
      printf '{"choose":0,"id":%s}\n' "$id" ;;
    *'"type":"end"'*) exit 0 ;;
  esac
done
