"""A real client: python-chess's engine module (PyPI `chess`) drives Kaiser through a game of
standard chess, analyses positions, and sets the options GUIs offer (play levels).

Run by tests/clients.rs with the path of the kaiser binary:
    python3 tests/tools/python_chess_client.py target/release/kaiser
Exits 0 when every check passes; prints what failed otherwise.
"""

import sys

import chess
import chess.engine


def play_a_game(engine: chess.engine.SimpleEngine) -> chess.Board:
    """Kaiser against itself at 20 ms a move, until the game ends or 200 plies."""
    board = chess.Board()
    while not board.is_game_over(claim_draw=True) and board.ply() < 200:
        result = engine.play(board, chess.engine.Limit(time=0.02), info=chess.engine.INFO_SCORE)
        assert result.move is not None, f"no move at {board.fen()}"
        assert result.move in board.legal_moves, f"illegal {result.move} at {board.fen()}"
        assert "score" in result.info, f"no score with {result.move} at {board.fen()}"
        board.push(result.move)
    return board


def analyse(engine: chess.engine.SimpleEngine) -> None:
    """A mate in two is found and scored as a mate; a quiet position gets a centipawn score."""
    mate_in_two = chess.Board("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
    info = engine.analyse(mate_in_two, chess.engine.Limit(depth=6))
    assert info["score"].white() == chess.engine.Mate(2), info
    assert info["pv"][0] == chess.Move.from_uci("d5f6"), info
    lines = engine.analyse(chess.Board(), chess.engine.Limit(depth=6), multipv=3)
    assert len(lines) == 3, lines
    assert all(line["score"].white().score() is not None for line in lines), lines


def play_levels(engine: chess.engine.SimpleEngine) -> None:
    """The strength options GUIs offer are accepted and still give legal, scored moves."""
    for options in (
        {"Skill Level": 0},
        {"Skill Level": -10},
        {"UCI_LimitStrength": True, "UCI_Elo": 1200},
        {"UCI_LimitStrength": False, "Skill Level": 20},
    ):
        engine.configure(options)
        board = chess.Board()
        for _ in range(6):
            result = engine.play(board, chess.engine.Limit(time=0.05), info=chess.engine.INFO_SCORE)
            assert result.move in board.legal_moves, (options, result)
            assert "score" in result.info, (options, result)
            board.push(result.move)


def main() -> int:
    kaiser = sys.argv[1]
    with chess.engine.SimpleEngine.popen_uci(kaiser) as engine:
        for name in ("Hash", "Threads", "MultiPV", "Skill Level", "UCI_Elo", "UCI_LimitStrength"):
            assert name in engine.options, f"option {name} missing: {list(engine.options)}"
        engine.configure({"Hash": 16, "Threads": 1})
        board = play_a_game(engine)
        analyse(engine)
        play_levels(engine)
    print(f"python-chess {chess.__version__}: a game of {board.ply()} plies, "
          f"{board.result(claim_draw=True)}; analysis and play levels checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
