//! The evaluation weights for empire, written by `kaiser tune` (see `tuning/README.md`);
//! `eval::layout` says which weight is which.

use crate::eval::layout::Weights;
use crate::eval::params::s;

#[rustfmt::skip]
pub const WEIGHTS: Weights = [
    // Material, by piece type
    s(141, 272), // Pawn
    s(938, 825), // Knight
    s(1060, 905), // Bishop
    s(1183, 1362), // Rook
    s(2432, 2847), // Queen
    s(0, 0), // King
    s(309, 271), // Soldier
    s(1130, 1319), // Eagle
    s(1150, 1374), // Cardinal
    s(1480, 1758), // Tower
    s(1125, 1327), // Duke
    s(1800, 1900), // Kheshig
    s(1050, 1250), // Lancer
    s(1100, 1200), // Archer
    s(630, 630), // Yurt
    // Piece-square tables (see `params::PST_OF`), from the owner's side
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 1, files a-d
    s(-91, -82), s(22, -69), s(15, 17), s(13, 73), // Pawn table, rank 2, files a-d
    s(-68, -54), s(-25, -67), s(-1, -29), s(42, -13), // Pawn table, rank 3, files a-d
    s(-33, -19), s(-14, -21), s(50, -50), s(44, -35), // Pawn table, rank 4, files a-d
    s(3, 15), s(-48, 3), s(52, -47), s(-30, 51), // Pawn table, rank 5, files a-d
    s(117, 201), s(-10, 118), s(36, 80), s(36, 47), // Pawn table, rank 6, files a-d
    s(62, 185), s(37, 204), s(38, 171), s(40, 88), // Pawn table, rank 7, files a-d
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 8, files a-d
    s(-152, -132), s(-77, -101), s(36, -99), s(-17, -17), // Knight table, rank 1, files a-d
    s(-50, 11), s(-4, -28), s(-1, -84), s(32, -119), // Knight table, rank 2, files a-d
    s(-119, -102), s(-33, -67), s(-15, -48), s(16, -35), // Knight table, rank 3, files a-d
    s(27, -28), s(46, 38), s(24, 75), s(43, 59), // Knight table, rank 4, files a-d
    s(-19, 16), s(-44, 15), s(61, 106), s(62, 77), // Knight table, rank 5, files a-d
    s(51, -61), s(-9, -68), s(18, 8), s(35, 68), // Knight table, rank 6, files a-d
    s(-32, -65), s(-50, -12), s(5, 1), s(16, 67), // Knight table, rank 7, files a-d
    s(-193, -90), s(-85, -56), s(-62, -41), s(-9, -1), // Knight table, rank 8, files a-d
    s(-27, -34), s(33, -124), s(-15, -97), s(18, -67), // Bishop table, rank 1, files a-d
    s(25, -63), s(59, -113), s(36, -47), s(35, -35), // Bishop table, rank 2, files a-d
    s(41, -73), s(-3, 31), s(38, 54), s(17, 0), // Bishop table, rank 3, files a-d
    s(-32, 3), s(14, 59), s(31, -4), s(53, -18), // Bishop table, rank 4, files a-d
    s(-51, -20), s(0, 14), s(5, 26), s(120, 41), // Bishop table, rank 5, files a-d
    s(29, -46), s(-71, 45), s(30, 46), s(50, 59), // Bishop table, rank 6, files a-d
    s(-51, -35), s(-64, -26), s(-16, -5), s(0, 24), // Bishop table, rank 7, files a-d
    s(-74, -55), s(-7, -24), s(-15, -11), s(-53, -9), // Bishop table, rank 8, files a-d
    s(-84, -98), s(-17, -15), s(-24, -13), s(20, -26), // Rook table, rank 1, files a-d
    s(-44, -67), s(-9, -29), s(24, -8), s(28, 29), // Rook table, rank 2, files a-d
    s(-44, 4), s(-36, -4), s(35, 17), s(-15, -26), // Rook table, rank 3, files a-d
    s(-99, 17), s(-25, 15), s(-46, -25), s(-8, -3), // Rook table, rank 4, files a-d
    s(0, 24), s(-49, 57), s(65, 51), s(-3, 22), // Rook table, rank 5, files a-d
    s(-24, 23), s(21, 60), s(10, 23), s(51, 44), // Rook table, rank 6, files a-d
    s(12, 25), s(39, -16), s(-8, 71), s(50, -9), // Rook table, rank 7, files a-d
    s(-31, 18), s(22, 57), s(-9, 37), s(17, 16), // Rook table, rank 8, files a-d
    s(54, -88), s(-37, -81), s(-24, -60), s(33, -101), // Queen table, rank 1, files a-d
    s(26, -78), s(-18, -80), s(14, -96), s(32, -46), // Queen table, rank 2, files a-d
    s(-117, -8), s(-94, 20), s(2, -54), s(-32, 11), // Queen table, rank 3, files a-d
    s(10, 7), s(14, 37), s(18, 46), s(23, -23), // Queen table, rank 4, files a-d
    s(-1, -7), s(8, 23), s(28, -4), s(52, 58), // Queen table, rank 5, files a-d
    s(36, 28), s(-15, 24), s(4, 61), s(-4, 14), // Queen table, rank 6, files a-d
    s(32, -23), s(-5, 18), s(16, 8), s(23, 54), // Queen table, rank 7, files a-d
    s(-12, -53), s(10, -8), s(22, -4), s(9, 0), // Queen table, rank 8, files a-d
    s(228, -67), s(323, 59), s(237, 42), s(263, -9), // King table, rank 1, files a-d
    s(292, 52), s(294, 52), s(242, 107), s(206, 128), // King table, rank 2, files a-d
    s(145, 41), s(266, 93), s(185, 111), s(115, 193), // King table, rank 3, files a-d
    s(149, 41), s(188, 164), s(134, 208), s(99, 239), // King table, rank 4, files a-d
    s(159, 100), s(180, 212), s(108, 259), s(68, 239), // King table, rank 5, files a-d
    s(131, 135), s(149, 211), s(84, 240), s(34, 217), // King table, rank 6, files a-d
    s(89, 29), s(120, 143), s(66, 128), s(33, 141), // King table, rank 7, files a-d
    s(59, 11), s(89, 59), s(45, 73), s(-1, 78), // King table, rank 8, files a-d
    s(-10, -10), s(-6, -8), s(-4, -6), s(-2, -4), // Soldier table, rank 1, files a-d
    s(-6, -6), s(0, -4), s(2, -2), s(4, 0), // Soldier table, rank 2, files a-d
    s(-5, -16), s(-1, -23), s(-44, 53), s(-58, 9), // Soldier table, rank 3, files a-d
    s(-16, -21), s(-37, 1), s(38, 47), s(63, 49), // Soldier table, rank 4, files a-d
    s(9, 32), s(-40, -58), s(113, -43), s(125, 30), // Soldier table, rank 5, files a-d
    s(7, 31), s(20, 22), s(58, 14), s(51, 54), // Soldier table, rank 6, files a-d
    s(9, 19), s(14, -1), s(18, -31), s(19, 9), // Soldier table, rank 7, files a-d
    s(6, 14), s(10, 10), s(16, 13), s(16, 12), // Soldier table, rank 8, files a-d
    s(-60, -50), s(-35, -30), s(-25, -20), s(-20, -12), // Kheshig table, rank 1, files a-d
    s(-30, -30), s(-12, -15), s(0, -5), s(5, 0), // Kheshig table, rank 2, files a-d
    s(-20, -18), s(0, -5), s(12, 5), s(18, 12), // Kheshig table, rank 3, files a-d
    s(-12, -12), s(8, 2), s(22, 12), s(28, 20), // Kheshig table, rank 4, files a-d
    s(-10, -12), s(10, 2), s(25, 12), s(30, 20), // Kheshig table, rank 5, files a-d
    s(-12, -18), s(8, -5), s(20, 5), s(24, 10), // Kheshig table, rank 6, files a-d
    s(-30, -30), s(-10, -15), s(0, -8), s(8, 0), // Kheshig table, rank 7, files a-d
    s(-70, -55), s(-35, -35), s(-25, -25), s(-15, -15), // Kheshig table, rank 8, files a-d
    s(-90, -50), s(-48, -34), s(-38, -25), s(-36, -12), // Horse table, rank 1, files a-d
    s(-40, -34), s(-20, -27), s(-12, -9), s(-6, 4), // Horse table, rank 2, files a-d
    s(-30, -20), s(-8, -13), s(4, -4), s(8, 14), // Horse table, rank 3, files a-d
    s(-18, -18), s(6, -1), s(20, 7), s(25, 14), // Horse table, rank 4, files a-d
    s(-17, -22), s(8, -8), s(22, 5), s(26, 20), // Horse table, rank 5, files a-d
    s(-5, -25), s(12, -22), s(28, -8), s(26, 8), // Horse table, rank 6, files a-d
    s(-34, -34), s(-14, -25), s(2, -25), s(18, 6), // Horse table, rank 7, files a-d
    s(-100, -50), s(-42, -44), s(-28, -28), s(-14, -9), // Horse table, rank 8, files a-d
    s(-20, -20), s(-10, -12), s(-6, -8), s(-4, -6), // Yurt table, rank 1, files a-d
    s(-12, -12), s(0, -4), s(4, 0), s(6, 2), // Yurt table, rank 2, files a-d
    s(-8, -6), s(4, 0), s(10, 4), s(12, 6), // Yurt table, rank 3, files a-d
    s(-6, -2), s(6, 4), s(12, 8), s(16, 10), // Yurt table, rank 4, files a-d
    s(-6, 0), s(6, 6), s(12, 10), s(14, 12), // Yurt table, rank 5, files a-d
    s(-8, -2), s(4, 4), s(8, 8), s(10, 10), // Yurt table, rank 6, files a-d
    s(-12, -8), s(-2, 0), s(2, 2), s(4, 4), // Yurt table, rank 7, files a-d
    s(-20, -16), s(-10, -8), s(-8, -6), s(-6, -4), // Yurt table, rank 8, files a-d
    // Campmate: by ranks still to go, when the next step forward is free
    s(0, 0), // 0 to go
    s(119, 249), // 1 to go
    s(70, 230), // 2 to go
    s(32, 147), // 3 to go
    s(-9, 49), // 4 to go
    s(10, 1), // 5 to go
    s(0, 0), // 6 to go
    s(0, 0), // 7 to go
    // Campmate: per free rank ahead, and for a road free all the way
    s(-10, 1), // free rank
    s(38, 103), // open road
    // Mobility: per square of the capture pattern
    s(0, 0), // Pawn
    s(8, 19), // Knight
    s(12, 3), // Bishop
    s(6, 24), // Rook
    s(-2, 15), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(11, -13), // Eagle
    s(0, -9), // Cardinal
    s(6, -9), // Tower
    s(-2, 25), // Duke
    s(5, 5), // Kheshig
    s(4, 8), // Lancer
    s(7, 8), // Archer
    s(4, 4), // Yurt
    // Mobility: per empty square of a different quiet pattern
    s(0, 0), // Pawn
    s(0, 0), // Knight
    s(0, 0), // Bishop
    s(0, 0), // Rook
    s(0, 0), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(9, 17), // Eagle
    s(3, 25), // Cardinal
    s(-1, 21), // Tower
    s(1, 11), // Duke
    s(0, 0), // Kheshig
    s(4, 4), // Lancer
    s(4, 4), // Archer
    s(0, 0), // Yurt
    // King attack: per square of the enemy king's zone reached
    s(0, 0), // Pawn
    s(81, -16), // Knight
    s(44, 11), // Bishop
    s(53, 1), // Rook
    s(31, 46), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(119, 128), // Eagle
    s(42, 67), // Cardinal
    s(86, 58), // Tower
    s(85, 71), // Duke
    s(0, 0), // Kheshig
    s(0, 0), // Lancer
    s(0, 0), // Archer
    s(0, 0), // Yurt
    // Threats: a piece attacked by a pawn or Soldier, a piece hanging
    s(97, 34), // by a pawn
    s(41, 77), // hanging
    // Pawns: a passed pawn, by rank
    s(0, 0), // rank 1
    s(62, -55), // rank 2
    s(53, -13), // rank 3
    s(61, 13), // rank 4
    s(63, 100), // rank 5
    s(115, 154), // rank 6
    s(76, 242), // rank 7
    s(0, 0), // rank 8
    // Pawns: isolated, doubled; Soldiers side by side
    s(-49, -13), // isolated
    s(-15, 21), // doubled
    s(70, -1), // Soldier pair
    // Kings: the shield; faceoff ties and denied squares
    s(30, 34), // shield
    s(29, -54), // faceoff tie
    s(2, -13), // faceoff denied
];
