//! The evaluation weights for chess, in the layout `kaiser tune` writes (`eval::layout` says
//! which weight is which; the rows of chess's pieces and piece-square tables only), but never
//! tuned: these are the hand-set weights every variant started from (Fairy-Stockfish's piece
//! values, Stockfish-style piece-square tables, hand-set mobility and campmate weights), and the
//! terms added since (king attack, threats, pawns, king shield, faceoff) are zero.

use crate::eval::layout::{expand, game_weight_count, Weights};
use crate::eval::params::{s, S};
use crate::Variant;

pub const WEIGHTS: Weights = expand(Variant::Chess, &GAME_WEIGHTS);

#[rustfmt::skip]
const GAME_WEIGHTS: [S; game_weight_count(Variant::Chess)] = [
    // Material, by piece type
    s(120, 213), // Pawn
    s(781, 854), // Knight
    s(825, 915), // Bishop
    s(1276, 1380), // Rook
    s(2538, 2682), // Queen
    s(0, 0), // King
    // Piece-square tables (see `params::PIECES`), from the owner's side
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 1, files a-d
    s(-6, -4), s(4, -4), s(8, 2), s(10, 4), // Pawn table, rank 2, files a-d
    s(-8, 0), s(-6, 0), s(12, 0), s(20, 2), // Pawn table, rank 3, files a-d
    s(-6, 8), s(-4, 6), s(14, 2), s(30, 0), // Pawn table, rank 4, files a-d
    s(2, 24), s(4, 20), s(10, 16), s(18, 14), // Pawn table, rank 5, files a-d
    s(10, 60), s(14, 56), s(18, 50), s(22, 46), // Pawn table, rank 6, files a-d
    s(20, 110), s(24, 104), s(28, 98), s(30, 94), // Pawn table, rank 7, files a-d
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), // Pawn table, rank 8, files a-d
    s(-175, -96), s(-92, -65), s(-74, -49), s(-73, -21), // Knight table, rank 1, files a-d
    s(-77, -67), s(-41, -54), s(-27, -18), s(-15, 8), // Knight table, rank 2, files a-d
    s(-61, -40), s(-17, -27), s(6, -8), s(12, 29), // Knight table, rank 3, files a-d
    s(-35, -35), s(8, -2), s(40, 13), s(49, 28), // Knight table, rank 4, files a-d
    s(-34, -45), s(13, -16), s(44, 9), s(51, 39), // Knight table, rank 5, files a-d
    s(-9, -51), s(22, -44), s(58, -16), s(53, 17), // Knight table, rank 6, files a-d
    s(-67, -69), s(-27, -50), s(4, -51), s(37, 12), // Knight table, rank 7, files a-d
    s(-201, -100), s(-83, -88), s(-56, -56), s(-26, -17), // Knight table, rank 8, files a-d
    s(-53, -57), s(-5, -30), s(-8, -37), s(-23, -12), // Bishop table, rank 1, files a-d
    s(-15, -37), s(8, -13), s(19, -17), s(4, 1), // Bishop table, rank 2, files a-d
    s(-7, -16), s(21, -1), s(-5, -2), s(17, 10), // Bishop table, rank 3, files a-d
    s(-5, -20), s(11, -6), s(25, 0), s(39, 17), // Bishop table, rank 4, files a-d
    s(-12, -17), s(29, -1), s(22, -14), s(31, 15), // Bishop table, rank 5, files a-d
    s(-16, -30), s(6, 6), s(1, 4), s(11, 6), // Bishop table, rank 6, files a-d
    s(-17, -31), s(-14, -20), s(5, -1), s(0, 1), // Bishop table, rank 7, files a-d
    s(-48, -46), s(1, -42), s(-14, -37), s(-23, -24), // Bishop table, rank 8, files a-d
    s(-31, -9), s(-20, -13), s(-14, -10), s(-5, -9), // Rook table, rank 1, files a-d
    s(-21, -12), s(-13, -9), s(-8, -1), s(6, -2), // Rook table, rank 2, files a-d
    s(-25, 6), s(-11, -8), s(-1, -2), s(3, -6), // Rook table, rank 3, files a-d
    s(-13, -6), s(-5, 1), s(-4, -9), s(-6, 7), // Rook table, rank 4, files a-d
    s(-27, -5), s(-15, 8), s(-4, 7), s(3, -6), // Rook table, rank 5, files a-d
    s(-22, 6), s(-2, 1), s(6, -7), s(12, 10), // Rook table, rank 6, files a-d
    s(-2, 4), s(12, 5), s(16, 20), s(18, -5), // Rook table, rank 7, files a-d
    s(-17, 18), s(-19, 0), s(-1, 19), s(9, 13), // Rook table, rank 8, files a-d
    s(3, -69), s(-5, -57), s(-5, -47), s(4, -26), // Queen table, rank 1, files a-d
    s(-3, -55), s(5, -31), s(8, -22), s(12, -4), // Queen table, rank 2, files a-d
    s(-3, -39), s(6, -18), s(13, -9), s(7, 3), // Queen table, rank 3, files a-d
    s(4, -23), s(5, -3), s(9, 13), s(8, 24), // Queen table, rank 4, files a-d
    s(0, -29), s(14, -6), s(12, 9), s(5, 21), // Queen table, rank 5, files a-d
    s(-4, -38), s(10, -18), s(6, -12), s(8, 1), // Queen table, rank 6, files a-d
    s(-5, -50), s(6, -27), s(10, -24), s(8, -8), // Queen table, rank 7, files a-d
    s(-2, -75), s(-2, -52), s(1, -43), s(-2, -36), // Queen table, rank 8, files a-d
    s(271, 1), s(327, 45), s(271, 85), s(198, 76), // King table, rank 1, files a-d
    s(278, 53), s(303, 100), s(234, 133), s(179, 135), // King table, rank 2, files a-d
    s(195, 88), s(258, 130), s(169, 169), s(120, 175), // King table, rank 3, files a-d
    s(164, 103), s(190, 156), s(138, 172), s(98, 172), // King table, rank 4, files a-d
    s(154, 96), s(179, 166), s(105, 199), s(70, 199), // King table, rank 5, files a-d
    s(123, 92), s(145, 172), s(81, 184), s(31, 191), // King table, rank 6, files a-d
    s(88, 47), s(120, 121), s(65, 116), s(33, 131), // King table, rank 7, files a-d
    s(59, 11), s(89, 59), s(45, 73), s(-1, 78), // King table, rank 8, files a-d
    // Campmate: by ranks still to go, when the next step forward is free
    s(0, 0), // 0 to go
    s(120, 260), // 1 to go
    s(60, 150), // 2 to go
    s(30, 80), // 3 to go
    s(10, 40), // 4 to go
    s(0, 15), // 5 to go
    s(0, 0), // 6 to go
    s(0, 0), // 7 to go
    // Campmate: per free rank ahead, and for a road free all the way
    s(6, 22), // free rank
    s(40, 120), // open road
    // Mobility: per square of the capture pattern
    s(0, 0), // Pawn
    s(8, 8), // Knight
    s(7, 8), // Bishop
    s(4, 8), // Rook
    s(3, 5), // Queen
    s(0, 0), // King
    // Mobility: per empty square of a different quiet pattern
    s(0, 0), // Pawn
    s(0, 0), // Knight
    s(0, 0), // Bishop
    s(0, 0), // Rook
    s(0, 0), // Queen
    s(0, 0), // King
    // King attack: per square of the enemy king's zone reached
    s(0, 0), // Pawn
    s(0, 0), // Knight
    s(0, 0), // Bishop
    s(0, 0), // Rook
    s(0, 0), // Queen
    s(0, 0), // King
    // Threats: a piece attacked by a pawn or Soldier, a piece hanging
    s(0, 0), // by a pawn
    s(0, 0), // hanging
    // Pawns: a passed pawn, by rank
    s(0, 0), // rank 1
    s(0, 0), // rank 2
    s(0, 0), // rank 3
    s(0, 0), // rank 4
    s(0, 0), // rank 5
    s(0, 0), // rank 6
    s(0, 0), // rank 7
    s(0, 0), // rank 8
    // Pawns: isolated, doubled; Soldiers side by side
    s(0, 0), // isolated
    s(0, 0), // doubled
    s(0, 0), // Soldier pair
    // Kings: the shield; faceoff ties and denied squares
    s(0, 0), // shield
    s(0, 0), // faceoff tie
    s(0, 0), // faceoff denied
];
