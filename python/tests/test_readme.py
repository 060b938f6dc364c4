"""The README's Python lines: the import line runs as shown from the repository's root."""

import re
import subprocess

import rulekit
from conftest import ROOT


def test_readme_import_line():
    text = (ROOT / "README.md").read_text()
    lines = re.findall(r"^(PYTHONPATH=build/release/python python3 -c .*__version__.*?)$", text, re.M)
    assert lines, "the README shows how to import rulekit"
    command = lines[0].split(" #")[0]
    out = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == rulekit.__version__
