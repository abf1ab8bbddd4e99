The benchmark runs the columns of each round of a group in a new order every round
(dma-bench-run's enqueue and rotated): round r of R starts floor((r-1)n/R) columns into
the list of n, odd rounds forward, even rounds backward, wrapping around.  Here with a
cell that prints its column and its place in the round (pos= in the cell's .meta):

  $ eval "$(sed -n '/^QUEUED=()/,/^}/p' "$(command -v dma-bench-run)")"
  $ cell() { printf '%s%s ' "$4" "$CELL_POS"; }
  $ order() {
  >   local r j
  >   ROUNDS=$1
  >   for ((r = 1; r <= ROUNDS; r++)); do
  >     for j in $(echo ABCDEFGHIJ | cut -c1-$2 | fold -w1); do enqueue 8 sep g $j $r -- true; done
  >     rotated $r; echo
  >   done
  > }

Three columns, three rounds: each column first once, and the column before the second
one changes from round to round.

  $ order 3 3
  A1 B2 C3 
  B1 A2 C3 
  C1 A2 B3 

One round (QUICK=1, the smoke plan): the list's own order.  Four rounds of three, ten
columns in three rounds (row 1):

  $ order 1 4
  A1 B2 C3 D4 
  $ order 4 3
  A1 B2 C3 
  A1 C2 B3 
  B1 C2 A3 
  C1 B2 A3 
  $ order 3 10
  A1 B2 C3 D4 E5 F6 G7 H8 I9 J10 
  D1 C2 B3 A4 J5 I6 H7 G8 F9 E10 
  G1 H2 I3 J4 A5 B6 C7 D8 E9 F10 

A queued cell gets its arguments back exactly as given (spaces, quotes, $, globs), and
the place is cleared after the round:

  $ cell() { printf '[%s]' "$@"; echo; }
  $ enqueue 3 sep 'txn w1' "it's" '$HOME' '*' --offset=4k ''
  $ rotated 1
  [3][sep][txn w1][it's][$HOME][*][--offset=4k][]
  $ echo "pos=${CELL_POS}."
  pos=.
