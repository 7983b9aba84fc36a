//! The evaluation weights for orda, written by `kaiser tune` (see `tuning/README.md`):
//! the rows of orda's pieces and piece-square tables only; `eval::layout` says which
//! weight is which.

use crate::eval::layout::{expand, game_weight_count, Weights};
use crate::eval::params::{s, S};
use crate::Variant;

pub const WEIGHTS: Weights = expand(Variant::Orda, &GAME_WEIGHTS);

#[rustfmt::skip]
const GAME_WEIGHTS: [S; game_weight_count(Variant::Orda)] = [
    // Material, by piece type
    s(185, 212), // Pawn
    s(836, 760), // Knight
    s(928, 869), // Bishop
    s(1252, 1427), // Rook
    s(2348, 2587), // Queen
    s(0, 0), // King
    s(1717, 2072), // Kheshig
    s(1097, 1286), // Lancer
    s(1083, 971), // Archer
    s(704, 436), // Yurt
    // Piece-square tables (see `params::PIECES`), from the owner's side
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 1, files a-d
    s(-35, -34), s(-13, -65), s(-23, -20), s(-54, -76), // Pawn table, rank 2, files a-d
    s(-27, -77), s(11, -104), s(-32, 29), s(70, 48), // Pawn table, rank 3, files a-d
    s(-21, -22), s(27, -79), s(51, 49), s(101, -57), // Pawn table, rank 4, files a-d
    s(-53, 50), s(9, -14), s(35, 29), s(137, 11), // Pawn table, rank 5, files a-d
    s(-20, 255), s(-15, 30), s(49, -11), s(101, -6), // Pawn table, rank 6, files a-d
    s(142, 262), s(-62, 207), s(-109, 120), s(173, 159), // Pawn table, rank 7, files a-d
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 8, files a-d
    s(-149, -118), s(-38, -41), s(-60, -20), s(-24, 17), // Knight table, rank 1, files a-d
    s(-157, 69), s(-77, 42), s(-60, -163), s(-1, -99), // Knight table, rank 2, files a-d
    s(-81, -215), s(-8, 31), s(-30, -90), s(-20, 71), // Knight table, rank 3, files a-d
    s(-29, 147), s(18, 8), s(-29, 119), s(24, -178), // Knight table, rank 4, files a-d
    s(53, -96), s(77, 101), s(50, -9), s(80, 54), // Knight table, rank 5, files a-d
    s(54, 11), s(-42, -124), s(139, -14), s(-35, -39), // Knight table, rank 6, files a-d
    s(-71, -64), s(53, -3), s(-46, -69), s(116, -45), // Knight table, rank 7, files a-d
    s(-108, -187), s(-180, -77), s(-38, -130), s(-23, 90), // Knight table, rank 8, files a-d
    s(92, -1), s(21, 108), s(70, 96), s(-62, 22), // Bishop table, rank 1, files a-d
    s(113, -93), s(99, 30), s(125, -91), s(106, -139), // Bishop table, rank 2, files a-d
    s(35, -49), s(63, -48), s(38, -174), s(88, -23), // Bishop table, rank 3, files a-d
    s(-48, 38), s(26, -284), s(119, 38), s(108, 93), // Bishop table, rank 4, files a-d
    s(77, -153), s(-39, -38), s(18, -61), s(-80, 234), // Bishop table, rank 5, files a-d
    s(-39, 39), s(-73, -110), s(33, 44), s(-62, 30), // Bishop table, rank 6, files a-d
    s(-185, 25), s(-199, -41), s(-125, 68), s(-176, -30), // Bishop table, rank 7, files a-d
    s(-39, -28), s(90, 58), s(-46, 18), s(-18, -70), // Bishop table, rank 8, files a-d
    s(-53, -135), s(-21, -32), s(7, -163), s(23, -39), // Rook table, rank 1, files a-d
    s(-55, -47), s(152, -219), s(-119, -91), s(-8, -133), // Rook table, rank 2, files a-d
    s(-89, -4), s(27, 106), s(30, 105), s(-50, -7), // Rook table, rank 3, files a-d
    s(37, -191), s(-1, 151), s(209, 34), s(-90, -10), // Rook table, rank 4, files a-d
    s(83, 25), s(108, 7), s(50, 67), s(-137, 65), // Rook table, rank 5, files a-d
    s(-60, 160), s(-90, 57), s(202, 113), s(84, 129), // Rook table, rank 6, files a-d
    s(-233, 47), s(-193, 217), s(81, 49), s(-55, 19), // Rook table, rank 7, files a-d
    s(-210, -91), s(-64, -39), s(5, 0), s(135, -69), // Rook table, rank 8, files a-d
    s(44, -122), s(164, -250), s(-89, -95), s(39, -111), // Queen table, rank 1, files a-d
    s(-49, -33), s(-7, -150), s(-68, -111), s(-40, -170), // Queen table, rank 2, files a-d
    s(-111, -15), s(-118, 136), s(-24, -77), s(-82, -65), // Queen table, rank 3, files a-d
    s(38, 12), s(-35, 108), s(-43, 46), s(-34, -6), // Queen table, rank 4, files a-d
    s(-9, 36), s(-97, 7), s(0, 24), s(7, 36), // Queen table, rank 5, files a-d
    s(-13, 54), s(73, -8), s(54, -28), s(-62, -78), // Queen table, rank 6, files a-d
    s(129, -103), s(1, 39), s(121, 126), s(-9, 47), // Queen table, rank 7, files a-d
    s(-65, -201), s(33, 17), s(28, 159), s(-74, 46), // Queen table, rank 8, files a-d
    s(300, -254), s(367, -255), s(287, -246), s(271, -348), // King table, rank 1, files a-d
    s(290, -164), s(283, -169), s(225, -168), s(204, -159), // King table, rank 2, files a-d
    s(65, -194), s(95, -135), s(233, -79), s(116, -45), // King table, rank 3, files a-d
    s(24, 40), s(113, 135), s(70, 227), s(135, 245), // King table, rank 4, files a-d
    s(163, 348), s(226, 528), s(103, 540), s(72, 561), // King table, rank 5, files a-d
    s(196, 216), s(184, 510), s(117, 553), s(62, 621), // King table, rank 6, files a-d
    s(107, 156), s(134, 417), s(75, 327), s(45, 360), // King table, rank 7, files a-d
    s(59, 11), s(89, 59), s(45, 73), s(-1, 78), // King table, rank 8, files a-d
    s(-181, -278), s(-30, 2), s(5, 46), s(-97, -107), // Kheshig table, rank 1, files a-d
    s(-113, -213), s(42, -122), s(28, -115), s(75, -116), // Kheshig table, rank 2, files a-d
    s(1, -47), s(76, 71), s(54, 103), s(73, 43), // Kheshig table, rank 3, files a-d
    s(-90, 8), s(72, 79), s(100, 65), s(89, 163), // Kheshig table, rank 4, files a-d
    s(-100, 26), s(-25, 185), s(44, 171), s(62, 152), // Kheshig table, rank 5, files a-d
    s(-222, 41), s(12, 60), s(16, 135), s(-27, 67), // Kheshig table, rank 6, files a-d
    s(-42, 3), s(-119, -14), s(53, -60), s(-19, -1), // Kheshig table, rank 7, files a-d
    s(-151, -58), s(-17, -106), s(-134, -62), s(-63, -69), // Kheshig table, rank 8, files a-d
    s(-82, -119), s(-86, -267), s(-66, -107), s(2, -50), // Lancer/Archer table, rank 1, files a-d
    s(-22, -27), s(21, -207), s(7, -33), s(-36, -90), // Lancer/Archer table, rank 2, files a-d
    s(-51, -193), s(-28, -95), s(-38, 86), s(59, 55), // Lancer/Archer table, rank 3, files a-d
    s(-67, -121), s(-11, 48), s(16, 125), s(63, 143), // Lancer/Archer table, rank 4, files a-d
    s(104, -8), s(-41, -106), s(25, 77), s(38, 107), // Lancer/Archer table, rank 5, files a-d
    s(109, -19), s(-33, 53), s(74, 101), s(-18, 118), // Lancer/Archer table, rank 6, files a-d
    s(-107, -1), s(-21, -41), s(9, 126), s(10, 79), // Lancer/Archer table, rank 7, files a-d
    s(-165, -73), s(78, -156), s(-104, -188), s(48, 94), // Lancer/Archer table, rank 8, files a-d
    s(-102, -50), s(-49, -56), s(-70, -142), s(-92, 47), // Yurt table, rank 1, files a-d
    s(-155, -253), s(28, -160), s(-96, 142), s(-23, 46), // Yurt table, rank 2, files a-d
    s(-121, -88), s(149, 70), s(66, 67), s(57, 29), // Yurt table, rank 3, files a-d
    s(185, 58), s(62, -223), s(-8, 180), s(144, 200), // Yurt table, rank 4, files a-d
    s(-33, -24), s(-39, -241), s(181, 58), s(65, 90), // Yurt table, rank 5, files a-d
    s(-94, -99), s(108, -6), s(-30, -126), s(153, 158), // Yurt table, rank 6, files a-d
    s(-7, 103), s(-42, -80), s(17, 109), s(-19, -61), // Yurt table, rank 7, files a-d
    s(-20, -16), s(-1, 51), s(-6, -5), s(-24, -18), // Yurt table, rank 8, files a-d
    // Campmate: by ranks still to go, when the next step forward is free
    s(0, 0), // 0 to go
    s(124, 334), // 1 to go
    s(148, 439), // 2 to go
    s(39, 367), // 3 to go
    s(-77, 119), // 4 to go
    s(-103, 80), // 5 to go
    s(0, 0), // 6 to go
    s(0, 0), // 7 to go
    // Campmate: per free rank ahead, and for a road free all the way
    s(-9, 5), // free rank
    s(198, 187), // open road
    // Mobility: per square of the capture pattern
    s(0, 0), // Pawn
    s(26, 15), // Knight
    s(10, 25), // Bishop
    s(18, 30), // Rook
    s(4, 5), // Queen
    s(0, 0), // King
    s(-9, 21), // Kheshig
    s(4, 2), // Lancer
    s(1, 3), // Archer
    s(-8, 68), // Yurt
    // Mobility: per empty square of a different quiet pattern
    s(0, 0), // Pawn
    s(0, 0), // Knight
    s(0, 0), // Bishop
    s(0, 0), // Rook
    s(0, 0), // Queen
    s(0, 0), // King
    s(0, 0), // Kheshig
    s(10, -9), // Lancer
    s(11, 38), // Archer
    s(0, 0), // Yurt
    // King attack: per square of the enemy king's zone reached
    s(0, 0), // Pawn
    s(45, 25), // Knight
    s(53, -8), // Bishop
    s(46, 16), // Rook
    s(36, -5), // Queen
    s(0, 0), // King
    s(95, 39), // Kheshig
    s(73, -11), // Lancer
    s(48, 45), // Archer
    s(245, 45), // Yurt
    // Threats: a piece attacked by a pawn or Soldier, a piece hanging
    s(103, 128), // by a pawn
    s(60, 74), // hanging
    // Pawns: a passed pawn, by rank
    s(0, 0), // rank 1
    s(12, 59), // rank 2
    s(33, 41), // rank 3
    s(-21, -13), // rank 4
    s(20, 118), // rank 5
    s(3, 296), // rank 6
    s(44, 289), // rank 7
    s(0, 0), // rank 8
    // Pawns: isolated, doubled; Soldiers side by side
    s(-4, -33), // isolated
    s(-34, 14), // doubled
    s(0, 0), // Soldier pair
    // Kings: the shield; faceoff ties and denied squares
    s(45, -11), // shield
    s(0, 0), // faceoff tie
    s(0, 0), // faceoff denied
];
