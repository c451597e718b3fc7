"""``sparrow serve``: what it refuses before it starts (one line on stderr, exit code 2)."""

from __future__ import annotations

import socket

from typer.testing import CliRunner

from sparrow.cli import app

runner = CliRunner()


def serve(*args: str, **env: str):
    return runner.invoke(app, ["serve", *args], env={"DATABASE_URL": "", "SPARROW_GAME_SEED": "", **env})


def test_an_unusable_database_url_is_one_line():
    result = serve(DATABASE_URL="mysql://somebody@localhost/db")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unsupported database 'mysql'")
    assert result.stderr.count("\n") == 1


def test_a_database_that_refuses_the_connection_is_one_line(tmp_path):
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = serve(DATABASE_URL=f"postgresql+psycopg://nobody:x@127.0.0.1:{port}/none?connect_timeout=2")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot open the database")
    assert "Traceback" not in result.stderr


def test_a_bad_game_seed_and_a_data_dir_that_is_a_file(tmp_path):
    result = serve("--data-dir", str(tmp_path), SPARROW_GAME_SEED="lucky")
    assert result.exit_code == 2 and "SPARROW_GAME_SEED" in result.stderr
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = serve("--data-dir", str(blocker))
    assert result.exit_code == 2 and result.stderr.startswith("error: --data-dir")
