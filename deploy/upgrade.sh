#!/usr/bin/env bash
# Moves the site to a new release of a git ref, one instance at a time (docs/deploying.md "Upgrade"):
#
#   sudo /srv/tyre-booking/current/deploy/upgrade.sh <git-ref>     (a tag, a branch or a commit)
#   sudo /srv/tyre-booking/current/deploy/upgrade.sh --built <release>   (one already in releases/:
#        steps 2 to 4 only; npm run drill:upgrade moves to the release it built this way)
#
# 1. fetches origin into /srv/tyre-booking/repo and builds the ref in a folder of its own,
#    /srv/tyre-booking/releases/<UTC time>-<git describe> (git archive, npm ci, npm run build, as
#    the tyres user), while the instances keep serving the current release;
# 2. checks the migrations new in it (scripts/check-migrations.mjs: expand only);
# 3. points `current` at it (a new link renamed over the old one) and restarts tyre-booking@1, @2,
#    ... one at a time, each out of nginx's list until it answers /healthz; the others serve meanwhile;
# 4. keeps the newest 3 releases (and always `current` and `previous`).
# If the build, the check or an instance's start fails, `current` stays on (or goes back to) the
# release that was serving, the instances restarted so far are restarted on it, and it exits 1.
set -euo pipefail
umask 022

DEPLOY_SCRIPTS_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
# shellcheck source=deploy/releases.sh
source "$DEPLOY_SCRIPTS_DIR/releases.sh"

upgrade_main() {
  local ref old commit
  if [[ $# -eq 2 && $1 == --built ]]; then
    ref=$2
  elif [[ $# -ne 1 || $1 == -* ]]; then
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
    exit 2
  else
    ref=$1
  fi
  require_root "$@"
  take_deploy_lock
  old=$(current_release)
  [[ -n $old ]] || die "no current release in $APP_DIR: install first (deploy/install.sh, docs/deploying.md)"
  node_version_ok || die "Node.js $MIN_NODE or later is needed (node: $(node --version 2>/dev/null || echo missing))"

  if [[ $1 == --built ]]; then
    [[ -f $RELEASES_DIR/$ref/.release ]] || die "no release $ref in $RELEASES_DIR (deploy/rollback.sh --list); still on release $old"
    [[ $ref != "$old" ]] || die "release $ref is already the current one"
    switch_to_release "$ref" "$old" "$ref" keep
    return
  fi

  say "Fetching from origin into $REPO_DIR"
  run repo_git fetch --quiet --tags --prune --force origin ||
    warn "could not fetch from origin: building from what $REPO_DIR already has"
  commit=$(resolve_ref "$ref") || die "$REPO_DIR knows no commit called '$ref'; still on release $old, nothing changed"

  make_release "$commit" "$ref" || die "the build of $ref failed (above); still on release $old, nothing changed"
  switch_to_release "$NEW_RELEASE" "$old" "$ref" remove
}

# Steps 2 to 4 for a built release: the migration check, root's ownership, the switch and the
# restarts, the pruning. A release that fails is removed when `on_failure` is `remove` (one this run
# built), kept when `keep`.
switch_to_release() {
  local new=$1 old=$2 ref=$3 on_failure=$4 dir
  dir=$RELEASES_DIR/$new
  drop() { if [[ $on_failure == remove ]]; then rm -rf "$dir"; fi; }
  if ! check_release_migrations "$dir" "$RELEASES_DIR/$old"; then
    drop
    die "a migration of $ref would break release $old while the instances change over (above); still on release $old, nothing changed"
  fi
  if ! seal_release "$dir"; then
    drop
    die "could not give release $new to root; still on release $old, nothing changed"
  fi

  ensure_secrets_key
  RESTORE_FAILED=0
  if ! activate_release "$new"; then
    if [[ $RESTORE_FAILED == 1 ]]; then
      die "release $new did not start, and an instance did not come back on release $old either: see the warnings above (releases/$new kept)"
    fi
    drop
    die "release $new did not start (above); back on release $old, which serves"
  fi
  prune_releases
  say "Now on release $new ($ref); previous: $old (deploy/rollback.sh goes back to it)"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then upgrade_main "$@"; fi
