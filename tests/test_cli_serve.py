"""``sparrow serve``: what it refuses before it starts (one line on stderr, exit code 2), among them a
port another program holds (a second ``make run``), and the line that says where it listens."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess

import httpx2 as httpx
import pytest
from typer.testing import CliRunner

from sparrow.cli import app
from tests.web_support import ROOT, Server

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


def test_a_public_url_is_an_http_address(tmp_path):
    for bad in ("mahjong.example.org", "ftp://mahjong.example.org", "https://", "https://m.example.org/?a=1"):
        result = serve("--data-dir", str(tmp_path), "--public-url", bad)
        assert result.exit_code == 2, bad
        assert result.stderr.startswith("error: --public-url: ") and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.slow
def test_every_server_process_links_rooms_to_the_public_url(tmp_path):
    server = Server(tmp_path / "data", workers=2, args=("--public-url", "https://mahjong.example.org"))
    server.start()
    try:
        for _ in range(4):  # new connections: the answers come from either process
            with httpx.Client(base_url=server.url, timeout=30) as client:
                csrf = client.get("/api/session").json()["csrf_token"]
                room = client.post("/api/rooms", json={"rules": "casual"}, headers={"X-CSRF-Token": csrf}).json()
                assert room["link"] == f"https://mahjong.example.org/rooms/{room['id']}"
    finally:
        server.stop()


def test_the_server_and_the_rooms_agree_on_the_sockets_limits(monkeypatch):
    """uvicorn refuses a WebSocket message the rooms would refuse, and tells the app how many
    sockets a process takes: four fifths of --limit-concurrency, the rest for plain requests."""
    from sparrow.cli import serving
    from sparrow.web import room_limits

    for variable in (serving.HEADER_TIMEOUT, "SPARROW_BODY_TIMEOUT", serving.LIVE_SOCKETS):
        monkeypatch.setenv(variable, "")  # (restored afterwards: server_options writes them)
    assert serving.LIVE_SOCKETS == room_limits.LIVE_SOCKETS
    common = {"forwarded_allow_ips": "", "header_timeout": 10, "body_timeout": 30, "keep_alive_timeout": 5}
    options = serving.server_options(**common, limit_concurrency=1000, access_log=False)
    assert options["ws_max_size"] == room_limits.MESSAGE_BYTES and options["ws_ping_timeout"]
    assert os.environ[serving.LIVE_SOCKETS] == "800"
    serving.server_options(**common, limit_concurrency=0, access_log=False)
    assert os.environ[serving.LIVE_SOCKETS] == ""  # no limit: no cap of the process's own


def test_a_port_another_program_holds_is_a_sentence_not_a_traceback(tmp_path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = serve("--port", str(port), "--data-dir", str(tmp_path / "data"))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: port {port} on 127.0.0.1 is taken")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr + result.stdout
    # The way out, for sparrow serve and for make run, names a port that is not this one.
    other = int(result.stderr.split("make run PORT=")[1].rstrip(".\n"))
    assert other != port and f"--port {other}" in result.stderr
    assert not (tmp_path / "data").exists()  # nothing was opened or created
    assert "running at" not in result.stdout


def test_a_host_that_is_not_this_machines_is_a_sentence(tmp_path):
    result = serve("--host", "host.invalid", "--data-dir", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: this machine does not know the host 'host.invalid'")
    assert "--host" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.slow
def test_a_second_server_on_the_port_of_a_running_one_says_the_port_is_taken(tmp_path):
    """A Sparrow listening says where in one line; a second one on its port ends at once, exit code 2."""
    first = Server(tmp_path / "first").start()
    try:
        assert f"Sparrow is running at http://127.0.0.1:{first.port}/" in first.output()
        second = subprocess.run(
            first.command(), cwd=ROOT, env=first.env, capture_output=True, text=True, timeout=60, check=False
        )
    finally:
        first.stop()
    assert second.returncode == 2
    assert second.stderr.startswith(f"error: port {first.port} on 127.0.0.1 is taken")
    assert "Traceback" not in second.stderr and "running at" not in second.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_passes_port_and_host_on(tmp_path):
    """`make run PORT=... HOST=...` (dry run: the commands make would run, none of them run)."""

    def command_line(*variables: str) -> str:
        answer = subprocess.run(
            ["make", "-n", "run", *variables], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
        )
        return next(line for line in answer.stdout.splitlines() if " serve " in line)

    assert command_line().endswith("serve --host 127.0.0.1 --port 8000 --data-dir data")
    assert "--host 0.0.0.0 --port 8123 " in command_line("PORT=8123", "HOST=0.0.0.0")
