"""Known vulnerabilities of the installed, pinned dependencies, said plainly: how many
packages pip-audit could check, how many it could not (and why), what it found. A report
only: it never fails CI (offline, or where the index serves no vulnerability data, it can
check nothing, and says so)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

run = subprocess.run(
    [sys.executable, "-m", "pip_audit", "--skip-editable", "--progress-spinner", "off",
     "--format", "json"],
    capture_output=True, text=True, timeout=600,
)  # fmt: skip
try:
    dependencies = json.loads(run.stdout)["dependencies"]
except (ValueError, KeyError):
    print(f"pip-audit: could not run ({run.stderr.strip().splitlines()[-1:]})")
    sys.exit(0)
skipped = [d for d in dependencies if d.get("skip_reason")]
checked = [d for d in dependencies if not d.get("skip_reason")]
vulnerable = [d for d in checked if d.get("vulns")]
print(f"pip-audit: {len(dependencies)} packages; checked {len(checked)}, not {len(skipped)}")
for reason, n in Counter(d["skip_reason"].split(":")[0] for d in skipped).most_common():
    print(f"  not checked ({n}): {reason}")
if not checked:
    print("pip-audit: NOTHING COULD BE CHECKED: no statement about vulnerabilities is possible")
elif vulnerable:
    for d in vulnerable:
        ids = ", ".join(v["id"] for v in d["vulns"])
        print(f"  VULNERABLE: {d['name']} {d['version']}: {ids}")
else:
    print(f"pip-audit: no known vulnerability in the {len(checked)} packages checked")
