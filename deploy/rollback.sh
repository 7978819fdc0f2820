#!/usr/bin/env bash
# Goes back to the release that served before the last switch (docs/deploying.md "Rollback"):
#
#   sudo /srv/tyre-booking/current/deploy/rollback.sh            back to `previous`
#   sudo /srv/tyre-booking/current/deploy/rollback.sh <release>  to one of the kept releases
#   /srv/tyre-booking/current/deploy/rollback.sh --list          the releases, current and previous marked
#
# As upgrade.sh does: `current` is pointed at the release in one step and the instances restart
# one at a time, each waited for on /healthz; if one does not answer, `current` goes back and it
# exits 1. The database stays as it is: the older release runs over it because every migration
# only adds (docs/deploying.md "Migrations: expand only"). Run twice, it returns where it was.
set -euo pipefail
umask 022

DEPLOY_SCRIPTS_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
# shellcheck source=deploy/releases.sh
source "$DEPLOY_SCRIPTS_DIR/releases.sh"

rollback_main() {
  local target old contracts
  if [[ ${1:-} == --list ]]; then
    list_releases
    return 0
  fi
  if [[ $# -gt 1 || ${1:-} == -* ]]; then
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
    exit 2
  fi
  require_root "$@"
  take_deploy_lock
  old=$(current_release)
  [[ -n $old ]] || die "no current release in $APP_DIR: nothing to roll back"
  target=${1:-$(previous_release)}
  [[ -n $target ]] || die "no previous release to go back to (the releases: deploy/rollback.sh --list)"
  [[ $target != "$old" ]] || die "release $target is already the current one"
  [[ -f $RELEASES_DIR/$target/.release ]] || die "no release $target in $RELEASES_DIR (deploy/rollback.sh --list)"

  contracts=$(contract_migrations_between "$RELEASES_DIR/$old" "$RELEASES_DIR/$target")
  if [[ -n $contracts ]]; then
    warn "release $old applied migrations that removed something (marked -- contract:), which $target does not know:"
    printf '  %s\n' "${contracts//$'\n'/$'\n'  }" >&2
    warn "the database keeps them: if $target still reads what they removed, roll back to a later release instead (docs/deploying.md \"Rollback\")"
  fi

  RESTORE_FAILED=0
  if ! activate_release "$target"; then
    if [[ $RESTORE_FAILED == 1 ]]; then
      die "release $target did not start, and an instance did not come back on release $old either: see the warnings above"
    fi
    die "release $target did not start (above); back on release $old, which serves"
  fi
  say "Now on release $target; previous: $old (deploy/rollback.sh again returns to it)"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then rollback_main "$@"; fi
