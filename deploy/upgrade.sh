#!/usr/bin/env bash
# Moves the site to a new release of a git ref, one instance at a time (docs/deploying.md "Upgrade"):
#
#   sudo /srv/tyre-booking/current/deploy/upgrade.sh <git-ref>     (a tag, a branch or a commit)
#
# 1. fetches origin into /srv/tyre-booking/repo and builds the ref in a folder of its own,
#    /srv/tyre-booking/releases/<UTC time>-<git describe> (git archive, npm ci, npm run build, as
#    the tyres user), while the instances keep serving the current release;
# 2. checks the migrations new in it (scripts/check-migrations.mjs: expand only);
# 3. points `current` at it (a new link renamed over the old one) and restarts tyre-booking@1, @2,
#    ... one at a time, each waited for on /healthz; nginx sends requests to the others meanwhile;
# 4. keeps the newest 3 releases (and always `current` and `previous`).
# If the build, the check or an instance's start fails, `current` stays on (or goes back to) the
# release that was serving, the instances restarted so far are restarted on it, and it exits 1.
set -euo pipefail
umask 022

DEPLOY_SCRIPTS_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
# shellcheck source=deploy/releases.sh
source "$DEPLOY_SCRIPTS_DIR/releases.sh"

upgrade_main() {
  local ref old commit dir
  if [[ $# -ne 1 || $1 == -* ]]; then
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
    exit 2
  fi
  ref=$1
  require_root "$@"
  take_deploy_lock
  old=$(current_release)
  [[ -n $old ]] || die "no current release in $APP_DIR: install first (deploy/install.sh, docs/deploying.md)"
  node_version_ok || die "Node.js $MIN_NODE or later is needed (node: $(node --version 2>/dev/null || echo missing))"

  say "Fetching from origin into $REPO_DIR"
  run repo_git fetch --quiet --tags --prune --force origin ||
    warn "could not fetch from origin: building from what $REPO_DIR already has"
  commit=$(resolve_ref "$ref") || die "$REPO_DIR knows no commit called '$ref'; still on release $old, nothing changed"

  make_release "$commit" "$ref" || die "the build of $ref failed (above); still on release $old, nothing changed"
  dir=$RELEASES_DIR/$NEW_RELEASE
  if ! check_release_migrations "$dir" "$RELEASES_DIR/$old"; then
    rm -rf "$dir"
    die "a migration of $ref would break release $old while the instances change over (above); still on release $old, nothing changed"
  fi
  if ! seal_release "$dir"; then
    rm -rf "$dir"
    die "could not give release $NEW_RELEASE to root; still on release $old, nothing changed"
  fi

  ensure_secrets_key
  RESTORE_FAILED=0
  if ! activate_release "$NEW_RELEASE"; then
    if [[ $RESTORE_FAILED == 1 ]]; then
      die "release $NEW_RELEASE did not start, and an instance did not come back on release $old either: see the warnings above (releases/$NEW_RELEASE kept)"
    fi
    rm -rf "$dir"
    die "release $NEW_RELEASE did not start (above); back on release $old, which serves"
  fi
  prune_releases
  say "Now on release $NEW_RELEASE ($ref); previous: $old (deploy/rollback.sh goes back to it)"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then upgrade_main "$@"; fi
