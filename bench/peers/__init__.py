"""Outside players the benchmarks measure Sparrow's against: written on public libraries and the
public protocols alone, nothing of Sparrow's players."""
