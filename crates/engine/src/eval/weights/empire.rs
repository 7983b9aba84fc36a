//! The evaluation weights for empire, written by `kaiser tune` (see `tuning/README.md`):
//! the rows of empire's pieces and piece-square tables only; `eval::layout` says which
//! weight is which.

use crate::eval::layout::{expand, game_weight_count, Weights};
use crate::eval::params::{s, S};
use crate::Variant;

pub const WEIGHTS: Weights = expand(Variant::Empire, &GAME_WEIGHTS);

#[rustfmt::skip]
const GAME_WEIGHTS: [S; game_weight_count(Variant::Empire)] = [
    // Material, by piece type
    s(160, 230), // Pawn
    s(939, 834), // Knight
    s(1056, 880), // Bishop
    s(1175, 1386), // Rook
    s(2424, 2898), // Queen
    s(0, 0), // King
    s(304, 249), // Soldier
    s(1125, 1304), // Eagle
    s(1163, 1375), // Cardinal
    s(1480, 1794), // Tower
    s(1120, 1359), // Duke
    // Piece-square tables (see `params::PIECES`), from the owner's side
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 1, files a-d
    s(-79, -115), s(18, -24), s(25, 45), s(25, 58), // Pawn table, rank 2, files a-d
    s(-59, -58), s(-22, -65), s(-1, -19), s(73, -19), // Pawn table, rank 3, files a-d
    s(-43, -44), s(-5, -65), s(40, -48), s(38, -41), // Pawn table, rank 4, files a-d
    s(-53, -24), s(-40, -4), s(31, -29), s(-28, -17), // Pawn table, rank 5, files a-d
    s(115, 158), s(11, 131), s(59, 92), s(29, 33), // Pawn table, rank 6, files a-d
    s(74, 219), s(64, 264), s(34, 186), s(40, 79), // Pawn table, rank 7, files a-d
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 8, files a-d
    s(-124, -149), s(-44, -99), s(17, -74), s(12, -20), // Knight/Eagle table, rank 1, files a-d
    s(-59, -54), s(-22, -70), s(18, -102), s(36, -115), // Knight/Eagle table, rank 2, files a-d
    s(-94, -125), s(-24, -67), s(-14, -5), s(22, -8), // Knight/Eagle table, rank 3, files a-d
    s(16, -32), s(2, 25), s(33, 95), s(29, 64), // Knight/Eagle table, rank 4, files a-d
    s(-1, 40), s(-57, 27), s(31, 120), s(34, 82), // Knight/Eagle table, rank 5, files a-d
    s(58, -73), s(-30, -68), s(-12, 24), s(28, 80), // Knight/Eagle table, rank 6, files a-d
    s(-10, -65), s(-73, -17), s(4, -2), s(-21, 50), // Knight/Eagle table, rank 7, files a-d
    s(-214, -91), s(-86, -34), s(-68, -43), s(-14, 1), // Knight/Eagle table, rank 8, files a-d
    s(23, -8), s(26, -139), s(16, -118), s(19, -119), // Bishop/Cardinal table, rank 1, files a-d
    s(42, -73), s(60, -115), s(43, -80), s(56, -55), // Bishop/Cardinal table, rank 2, files a-d
    s(37, -62), s(0, 28), s(41, 33), s(16, -3), // Bishop/Cardinal table, rank 3, files a-d
    s(4, -10), s(19, 54), s(23, 25), s(32, 14), // Bishop/Cardinal table, rank 4, files a-d
    s(2, -4), s(22, 37), s(-12, 43), s(105, 16), // Bishop/Cardinal table, rank 5, files a-d
    s(44, -51), s(-97, 22), s(56, 74), s(74, 80), // Bishop/Cardinal table, rank 6, files a-d
    s(-63, -41), s(-100, -21), s(-24, -16), s(-19, 33), // Bishop/Cardinal table, rank 7, files a-d
    s(-68, -45), s(-25, -24), s(-26, -7), s(-76, 11), // Bishop/Cardinal table, rank 8, files a-d
    s(-68, -112), s(-32, -24), s(-26, 23), s(27, -49), // Rook/Tower table, rank 1, files a-d
    s(-75, -87), s(-29, -69), s(12, -26), s(17, -42), // Rook/Tower table, rank 2, files a-d
    s(-80, -5), s(-17, -18), s(-14, -15), s(-7, -58), // Rook/Tower table, rank 3, files a-d
    s(-89, -5), s(-1, 40), s(-97, 35), s(-11, -24), // Rook/Tower table, rank 4, files a-d
    s(2, 34), s(-50, 67), s(52, 69), s(-19, 64), // Rook/Tower table, rank 5, files a-d
    s(-20, 35), s(17, 99), s(21, 41), s(76, 58), // Rook/Tower table, rank 6, files a-d
    s(-15, 56), s(50, 16), s(1, 90), s(56, 21), // Rook/Tower table, rank 7, files a-d
    s(7, 38), s(37, 61), s(-14, 65), s(28, 19), // Rook/Tower table, rank 8, files a-d
    s(-3, -118), s(-24, -85), s(-9, -90), s(34, -169), // Queen/Duke table, rank 1, files a-d
    s(28, -137), s(-25, -88), s(11, -137), s(26, -91), // Queen/Duke table, rank 2, files a-d
    s(-152, 7), s(-100, 27), s(-11, -47), s(-54, 10), // Queen/Duke table, rank 3, files a-d
    s(14, 36), s(-10, 65), s(0, 29), s(-8, -12), // Queen/Duke table, rank 4, files a-d
    s(16, 28), s(11, 37), s(18, 18), s(71, 61), // Queen/Duke table, rank 5, files a-d
    s(5, 69), s(-16, 31), s(-12, 74), s(-19, 17), // Queen/Duke table, rank 6, files a-d
    s(35, -4), s(-13, 56), s(15, 20), s(24, 80), // Queen/Duke table, rank 7, files a-d
    s(1, -19), s(7, 24), s(29, 12), s(9, 13), // Queen/Duke table, rank 8, files a-d
    s(230, -81), s(352, 48), s(257, 18), s(261, -20), // King table, rank 1, files a-d
    s(319, 50), s(283, 48), s(241, 80), s(178, 104), // King table, rank 2, files a-d
    s(116, 31), s(262, 54), s(175, 109), s(67, 169), // King table, rank 3, files a-d
    s(147, 64), s(179, 147), s(131, 244), s(79, 216), // King table, rank 4, files a-d
    s(167, 151), s(183, 239), s(106, 253), s(62, 215), // King table, rank 5, files a-d
    s(138, 153), s(152, 246), s(86, 271), s(34, 220), // King table, rank 6, files a-d
    s(90, 28), s(120, 162), s(66, 134), s(33, 156), // King table, rank 7, files a-d
    s(59, 11), s(89, 59), s(45, 73), s(-1, 78), // King table, rank 8, files a-d
    s(-10, -10), s(-6, -8), s(-4, -6), s(-2, -4), // Soldier table, rank 1, files a-d
    s(-6, -6), s(0, -4), s(2, -2), s(4, 0), // Soldier table, rank 2, files a-d
    s(-11, -42), s(-30, -48), s(-39, 90), s(-51, 14), // Soldier table, rank 3, files a-d
    s(-27, -35), s(-47, -2), s(12, 55), s(52, 44), // Soldier table, rank 4, files a-d
    s(7, 40), s(-67, -72), s(90, -66), s(106, -8), // Soldier table, rank 5, files a-d
    s(4, 33), s(17, 44), s(56, 23), s(58, 67), // Soldier table, rank 6, files a-d
    s(8, 24), s(15, 2), s(26, -36), s(31, 28), // Soldier table, rank 7, files a-d
    s(6, 15), s(10, 6), s(16, 2), s(16, 18), // Soldier table, rank 8, files a-d
    // Campmate: by ranks still to go, when the next step forward is free
    s(0, 0), // 0 to go
    s(119, 256), // 1 to go
    s(78, 265), // 2 to go
    s(33, 120), // 3 to go
    s(-32, 23), // 4 to go
    s(-4, 0), // 5 to go
    s(0, 0), // 6 to go
    s(0, 0), // 7 to go
    // Campmate: per free rank ahead, and for a road free all the way
    s(-7, 0), // free rank
    s(45, 115), // open road
    // Mobility: per square of the capture pattern
    s(0, 0), // Pawn
    s(11, 22), // Knight
    s(17, 11), // Bishop
    s(14, 29), // Rook
    s(0, 14), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(7, -12), // Eagle
    s(-1, -3), // Cardinal
    s(8, -9), // Tower
    s(16, 21), // Duke
    // Mobility: per empty square of a different quiet pattern
    s(0, 0), // Pawn
    s(0, 0), // Knight
    s(0, 0), // Bishop
    s(0, 0), // Rook
    s(0, 0), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(9, 19), // Eagle
    s(4, 20), // Cardinal
    s(1, 20), // Tower
    s(2, 7), // Duke
    // King attack: per square of the enemy king's zone reached
    s(0, 0), // Pawn
    s(87, -21), // Knight
    s(39, -6), // Bishop
    s(45, -9), // Rook
    s(16, 42), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(90, 107), // Eagle
    s(64, 59), // Cardinal
    s(82, 64), // Tower
    s(127, 57), // Duke
    // Threats: a piece attacked by a pawn or Soldier, a piece hanging
    s(107, 73), // by a pawn
    s(53, 64), // hanging
    // Pawns: a passed pawn, by rank
    s(0, 0), // rank 1
    s(49, -38), // rank 2
    s(9, 0), // rank 3
    s(64, 54), // rank 4
    s(80, 136), // rank 5
    s(67, 207), // rank 6
    s(113, 318), // rank 7
    s(0, 0), // rank 8
    // Pawns: isolated, doubled; Soldiers side by side
    s(-35, 5), // isolated
    s(-18, -19), // doubled
    s(38, -48), // Soldier pair
    // Kings: the shield; faceoff ties and denied squares
    s(38, 32), // shield
    s(19, -55), // faceoff tie
    s(-10, -8), // faceoff denied
];
