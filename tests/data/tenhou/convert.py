"""Rebuild the mjai files in tests/data/tenhou/ from their public sources (not run by the tests).

Needs (all outside the project venv):
  * Python with convlog-rs 0.3.0 from PyPI (``pip install convlog-rs==0.3.0``): tenhou.net/6 JSON -> mjai
    (the binding of mjai-reviewer's ``convlog``, the converter Mortal and mjai-reviewer use).
  * for Tenhou mjlog XML sources: node with the npm packages @kobalab/tenhou-log 1.3.0 and
    @kobalab/tenhou-url-log 1.0.3 installed where tools/mjlog2tenhou6.js can require them
    (``NODE_PATH=/some/dir/node_modules``); that script turns the XML into tenhou.net/6 JSON.
  The gimite-dialect files (``gimite-*``) were written by gimite/mjai's own converter and are not
  rebuilt here (see README.md).
  * the source repositories as bare git mirrors under ``--mirror`` (DIR/owner+name/repo), at the
    commits named in SOURCES below.

usage: python convert.py [--mirror DIR] [--out DIR] [NAME ...]
"""

import argparse
import gzip
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.join(HERE, "tools")

MJX = ("mjx-project/mjx", "fcdac0eabf854c2a530168eda989479f41681ef9")
DNOV = ("dnovikoff/tenhou", "bd21981af775d178208114bd74d2a3cda1634783")
TSUBAKI = ("tsubakisakura/mjlog2json", "74defacf1191c293b78dcea7462a9f18738a488a")
GIMITE = ("gimite/mjai", "312c0c6f8446ca69ecc58e246840bffdad656541")
REVIEWER = ("Equim-chan/mjai-reviewer", "2dc5ec5c8b28517cfb45f57eb21536d9a8f67aa9")

MJX_IDS = """2010081709gm-00a9-0000-fe3371ad 2010102910gm-00a9-0000-cdb9804c 2010110100gm-00a9-0000-de3472e8
2010112714gm-00a9-0000-d497e395 2010122717gm-00a9-0000-8e787e61 2011020401gm-00a9-0000-f6eff225
2011020414gm-00a9-0000-ef18f336 2011020415gm-00a9-0000-e037b629 2011020416gm-00a9-0000-025480d4
2011020417gm-00a9-0000-b67fcaa3 2011020613gm-00a9-0000-3774f8d1 2016052515gm-00a9-0000-c4d72066
2016081523gm-00a9-0000-122c42dc 2017031200gm-00a9-0000-ebc05bd5 2017040900gm-00a9-0000-af5434e3
2017082021gm-00a9-0000-b8cc6957 2018010702gm-00a9-0000-5dd4f9b4 2018022422gm-00a9-0000-0067d2a4
2018040923gm-00a9-0000-1833afca 2019060813gm-00a9-0000-08bb0ec3 2019062300gm-00a9-0000-4224185c
2019082700gm-00a9-0000-63d1f136 2020051716gm-00a9-0000-7f8226dd 2020052212gm-00a9-0000-3c7fe026
2020052221gm-00a9-0000-6f0524c7 2020052700gm-00a9-0000-75a4695c 2020060723gm-00a9-0000-58807e27
2020061922gm-00a9-0000-6183ff37 2020071200gm-00a9-0000-2703badd 2020080212gm-00a9-0000-82c7d512
2020081220gm-00a9-0000-9ee6ab3b""".split()

DNOV_IDS = {  # file in log/test_data -> Tenhou log id (from that folder's README.txt)
    "bug1": "2009022022gm-00a9-0000-cd94aac8",
    "bug2": "2009022103gm-00a9-0000-74c37deb",
    "bug3": "2009022116gm-00a9-0000-77155835",
    "bug4": "2009022314gm-00a9-0000-9f619d34",
    "bug5": "2009040322gm-00a9-0000-a911cae1",
    "bug6": "2009040902gm-00a9-0000-89c396a2",
    "bug7": "2009071622gm-00a9-0000-a6056eb1",
    "bug8": "2009082902gm-00a9-0000-df6a8b53",
    "bug9": "2009091515gm-00a9-0000-1753da1d",
    "pao": "2010012206gm-00a9-0000-5414f3c4",
    "bye": "2009061806gm-00a1-0000-6d13c207",
    "shuffle": "2009031702gm-00a1-0000-336ee82a",
}
TSUBAKI_IDS = [
    "2019021004gm-00a9-0000-e2f6516d",
    "2019080322gm-00a9-0000-81e85e04",
    "2019081518gm-00a9-0000-cce9d00c",
    "2019103023gm-00a9-0000-f90e0fe9",
    "2019123123gm-00a9-0000-f4386d0e",
    "2023053016gm-0029-0000-e54b3b98",
]
CONVLOG_TESTS = """chankan complex_nakis_0 complex_nakis_1 confusing_nakis_0 confusing_nakis_1 confusing_nakis_2
confusing_nakis_3 confusing_nakis_4 confusing_nakis_5 confusing_nakis_6 confusing_nakis_7
double_kakan_then_chankan double_ron four_reach kyushukyuhai ranked_game rinshan ryukyoku
suukantsu_0 suukantsu_1""".split()

# output name (without .mjai.jsonl[.gz]) -> (kind, (repo, commit), path, Tenhou log id or None, gzip?)
SOURCES = {}
for i in MJX_IDS:
    SOURCES[i] = ("mjlog", MJX, f"tests_py/resources/mjlog/{i}.mjlog", i, True)
SOURCES["2010091009gm-00a9-0000-83af2648"] = (
    "mjlog",
    MJX,
    "tests_cpp/resources/mjlog/2010091009gm-00a9-0000-83af2648&tw=2.mjlog",
    "2010091009gm-00a9-0000-83af2648",
    True,
)
SOURCES["mjx-double-ron"] = ("mjlog", MJX, "tests_py/resources/mjlog/double-ron.mjlog", None, True)
SOURCES["mjx-pao-tsumo"] = ("mjlog", MJX, "tests_py/resources/mjlog/pao-tsumo.mjlog", None, True)
SOURCES["mjx-ron3-partial"] = ("mjlog", MJX, "tests_cpp/resources/mjlog/upd-aft-ron3.mjlog", None, True)
for f, i in DNOV_IDS.items():
    SOURCES[i] = ("mjlog", DNOV, f"log/test_data/{f}.xml", i, True)
SOURCES["dnovikoff-example"] = ("mjlog", DNOV, "log/test_data/example.xml", None, True)
for i in TSUBAKI_IDS:
    SOURCES[i] = ("tenhou6", TSUBAKI, f"data/{i}.json", i, True)
SOURCES["test-mjlog"] = ("mjlog", GIMITE, "test/test.mjlog", None, True)
for t in CONVLOG_TESTS:
    SOURCES[f"convlog-{t}"] = ("tenhou6", REVIEWER, f"convlog/tests/testdata/{t}.json", None, False)


def source_bytes(mirror, repo_commit, path):
    repo, commit = repo_commit
    git_dir = os.path.join(mirror, repo.replace("/", "+"), "repo")
    return subprocess.run(["git", "-C", git_dir, "show", f"{commit}:{path}"], capture_output=True, check=True).stdout


def plain_xml(data):
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def tenhou6_to_mjai(text):
    import convlog_rs

    return "\n".join(convlog_rs.tenhou_to_mjai(text)) + "\n"


def mjlog_to_tenhou6(xml, log_id):
    with tempfile.NamedTemporaryFile(suffix=".xml") as f:
        f.write(xml)
        f.flush()
        args = ["node", os.path.join(TOOLS, "mjlog2tenhou6.js"), f.name] + ([log_id] if log_id else [])
        return subprocess.run(args, capture_output=True, check=True, text=True).stdout


def build(name, mirror):
    kind, repo, path, log_id, _ = SOURCES[name]
    data = source_bytes(mirror, repo, path)
    if kind == "tenhou6":
        return tenhou6_to_mjai(data.decode("utf-8"))
    if kind == "mjlog":
        return tenhou6_to_mjai(mjlog_to_tenhou6(plain_xml(data), log_id))
    raise SystemExit(f"unknown kind of source: {kind}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("--out", default=HERE)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    for name in a.names or sorted(SOURCES):
        text = build(name, a.mirror)
        zipped = SOURCES[name][4]
        out = os.path.join(a.out, name + ".mjai.jsonl" + (".gz" if zipped else ""))
        if zipped:
            with open(out, "wb") as f:  # mtime 0 and no name: the same input gives the same bytes
                with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as g:
                    g.write(text.encode("utf-8"))
        else:
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)
        print(out, file=sys.stderr)


if __name__ == "__main__":
    main()
