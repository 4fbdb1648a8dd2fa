# A small hand-written SoL archive (fictional players and clubs) in SoL's portable format:
# a first YAML document with the lists, then one document per tourney.
users: []
clubs:
- guid: 7c1d7a2e6f0a4d0e9b1a000000000c01
  description: Carrom Club Nordstadt
  nationality: DEU
- guid: 7c1d7a2e6f0a4d0e9b1a000000000c02
  description: Striker Freunde Westend
  nationality: DEU
players:
- guid: 5b0e3c4a1f2d4e6a8c9b000000000001
  modified: 2024-05-26 10:00:00
  firstname: Asha
  lastname: Rao
  nationality: DEU
  club: 1
  agreedprivacy: A
  email: not-imported@example.org
- guid: 5b0e3c4a1f2d4e6a8c9b000000000002
  modified: 2024-05-26 10:00:00
  firstname: Bruno
  lastname: Falk
  nationality: AUT
  club: 2
  agreedprivacy: A
- guid: 5b0e3c4a1f2d4e6a8c9b000000000003
  firstname: Cora
  lastname: Lind
  nationality: DEU
  club: 1
- guid: 5b0e3c4a1f2d4e6a8c9b000000000004
  firstname: Deniz
  lastname: Okur
  nickname: Dee
  nationality: DEU
- guid: 5b0e3c4a1f2d4e6a8c9b000000000005
  firstname: Elin
  lastname: Moss
  nationality: SWE
  club: 2
championships:
- guid: 3a9f0000000000000000000000000101
  club: 1
  description: Nordstadt Singles Cup 2024
  prizes: fixed
  couplings: serial
  skipworstprizes: 0
  playersperteam: 1
- guid: 3a9f0000000000000000000000000102
  club: 1
  description: Nordstadt Doubles 2024
  prizes: fixed
  couplings: serial
  skipworstprizes: 0
  playersperteam: 2
ratings: []
rates: []
---
guid: 9d2e0000000000000000000000000201
modified: 2024-05-25 19:00:00
championship: 1
description: Nordstadt Open I
date: 2024-05-25
location: Nordstadt Gemeindehaus
system: swiss
couplings: serial
currentturn: 2
rankedturn: 2
prized: false
phantomscore: 25
retirements: none
finalkind: simple
competitors:
- players: [1]
  points: 3
  netscore: 33
  totscore: 42
  bucholz: 3
- players: [2]
  points: 0
  netscore: -42
  totscore: 8
  bucholz: 5
- players: [3]
  points: 2
  netscore: 8
  totscore: 34
  bucholz: 3
- players: [4]
  points: 2
  netscore: 9
  totscore: 34
  bucholz: 2
- players: [5]
  points: 4
  netscore: 42
  totscore: 50
  bucholz: 1
  retired: true
matches:
# round 1, table 1: three boards, 11 + 6 + 10 = 27, capped at 25
- competitor1: 1
  competitor2: 2
  turn: 1
  board: 1
  breaker: '1'
  score1: 25
  score2: 0
  boards:
  - {number: 1, coins1: 8, coins2: 0, queen: '1'}
  - {number: 2, coins1: 3, coins2: 0, queen: '1'}
  - {number: 3, coins1: 7, coins2: 0, queen: '1'}
# round 1, table 2: only the final score
- competitor1: 3
  competitor2: 4
  turn: 1
  board: 2
  score1: 25
  score2: 9
# round 1, table 3: the phantom (a bye)
- competitor1: 5
  competitor2: null
  turn: 1
  board: 3
  score1: 25
  score2: 0
# round 2, table 1: stopped by the time limit at 17-9
- competitor1: 1
  competitor2: 3
  turn: 2
  board: 1
  breaker: '2'
  score1: 17
  score2: 9
  boards:
  - {number: 1, coins1: 0, coins2: 5, queen: '2'}
  - {number: 2, coins1: 6, coins2: 0, queen: '1'}
  - {number: 3, coins1: 8, coins2: 0}
  - {number: 4, coins1: 0, coins2: 1}
# round 2, table 2: SoL counted the queen at 22 points; the 22-point rule does not
- competitor1: 2
  competitor2: 5
  turn: 2
  board: 2
  score1: 8
  score2: 25
  boards:
  - {number: 1, coins1: 0, coins2: 9, queen: '2'}
  - {number: 2, coins1: 8, coins2: 0}
  - {number: 3, coins1: 0, coins2: 7, queen: '2'}
  - {number: 4, coins1: 0, coins2: 2, queen: '2'}
- competitor1: 4
  competitor2: null
  turn: 2
  board: 3
  score1: 25
  score2: 0
---
guid: 9d2e0000000000000000000000000202
championship: 1
description: Nordstadt Open II
date: 2024-06-22
location: Nordstadt Gemeindehaus
system: knockout
competitors:
- players: [2]
- players: [1]
matches:
- competitor1: 1
  competitor2: 2
  turn: 1
  board: 1
  final: true
  score1: 25
  score2: 20
---
guid: 9d2e0000000000000000000000000203
championship: 2
description: Nordstadt Doubles Night
date: 2024-07-06
competitors:
- players: [3, 4]
- players: [5, 1]
matches:
- competitor1: 1
  competitor2: 2
  turn: 1
  board: 4
  breaker: '1'
  score1: 25
  score2: 3
  boards:
  - {number: 1, coins1: 9, queen: '1'}
  - {number: 2, coins2: 3}
  - {number: 3, coins1: 9, queen: '1'}
  - {number: 4, coins1: 1}
