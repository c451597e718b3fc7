#!/bin/sh
# A Sparrow seat in POSIX shell: it answers every request with the first legal action (index 0),
# which is always legal. It shows that any program that reads and writes lines can sit at the table:
#
#   sparrow simulate --players 'cmd:sh examples/first_legal.sh',normal,normal,normal --hands 100
while IFS= read -r line; do
  case "$line" in
    *'"type":"request"'*) printf '{"choose":0}\n' ;;
    *'"type":"end"'*) exit 0 ;;
  esac
done
