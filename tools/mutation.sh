#!/usr/bin/env bash
# Mutation testing of planner/core, planner/documents and planner/report with mutmut 3 (dev only, never in CI).
# Configuration: [tool.mutmut] in pyproject.toml. How to read the result: docs/testing.md.
#
#   tools/mutation.sh                 # the whole run, then the per-module table
#   tools/mutation.sh 'planner.core.costs.energy*'   # only the mutants whose names match
#
# mutmut copies planner/ and tests/ into mutants/ (git-ignored), mutates core and documents,
# and runs each mutant against only the tests that call the mutated function. On two shared
# cores the whole run takes one to two hours; it runs niced so others keep their CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python -c "import mutmut" 2>/dev/null; then
    echo "mutmut is not installed: pip install 'mutmut>=3.3,<4'" >&2
    exit 2
fi
export QT_QPA_PLATFORM=offscreen GPU_PLANNER_NO_SINGLE_INSTANCE=1
children="${MUTATION_CHILDREN:-2}"
# A fresh copy each time: mutmut keeps results across runs only while the sources are unchanged.
rm -rf mutants
# nohup: a mutant of the recovery code's liveness probe (os.kill(pid, 0)) sends SIGHUP, which
# would otherwise end the whole run; the run itself is unaffected.
rm -rf .hypothesis mutants/.hypothesis
nohup nice -n 10 mutmut run --max-children "$children" "$@" > mutants.log 2>&1 || true
python tools/mutation_report.py
echo "Survivors: mutmut results; one diff: mutmut show NAME; the table again:"
echo "python tools/mutation_report.py [--survivors] [planner.core.costs.energy]"
