# shellcheck shell=bash
# What deploy/install.sh, deploy/upgrade.sh and deploy/rollback.sh share (docs/deploying.md,
# docs/decisions/398-install-and-releases.md): the paths, the messages, the instances, and the
# releases: /srv/tyre-booking/releases/<version>, each a whole build of one commit, with the links
# `current` (what the instances run) and `previous` (what they ran before the last switch) beside
# them. Sourced by those scripts, never run by itself.
#
# Test mode: DEPLOY_ROOT=<dir> (or DRY_RUN=1, which picks a new temporary folder) puts every path
# under that folder and prints each command that would change the machine (apt-get, systemctl,
# useradd, chown, npm as the tyres user, certbot, the firewall) as "+ command" instead of running it.
# Files and links under the folder are written for real, so a test can read what a step wrote.

# Every path, from DEPLOY_ROOT; called again when --dry-run sets it after this file was sourced.
deploy_paths() {
  DEPLOY_ROOT=${DEPLOY_ROOT:-}
  DRY_RUN=${DRY_RUN:-0}
  if [[ -n $DEPLOY_ROOT ]]; then DRY_RUN=1; fi
  if [[ $DRY_RUN == 1 && -z $DEPLOY_ROOT ]]; then DEPLOY_ROOT=$(mktemp -d /tmp/tyre-booking-dry-run.XXXXXX); fi
  APP_DIR=$DEPLOY_ROOT/srv/tyre-booking
  RELEASES_DIR=$APP_DIR/releases
  REPO_DIR=$APP_DIR/repo
  CONF_DIR=$DEPLOY_ROOT/etc/tyre-booking
  ENV_FILE=$CONF_DIR/env
  BUILD_CACHE_DIR=$DEPLOY_ROOT/var/cache/tyre-booking
  NGINX_SITE=$DEPLOY_ROOT/etc/nginx/sites-available/tyre-booking
}
deploy_paths

APP_USER=tyres
# Node.js the app runs on (package.json "engines"); install.sh installs 24 LTS.
MIN_NODE=20.19.0
KEEP_RELEASES=${KEEP_RELEASES:-3}
# How long an instance may take from its restart to a 200 on /healthz (the unit's TimeoutStartSec).
HEALTH_TIMEOUT=${HEALTH_TIMEOUT:-90}
# Pause between two instances' restarts: longer than nginx's fail_timeout (2 s, decision 226), so
# nginx has taken the restarted instance back before the next one stops.
SETTLE_SECONDS=${SETTLE_SECONDS:-3}
# After nginx is told to leave an instance out: time for its old workers to finish what they hold.
DRAIN_SECONDS=${DRAIN_SECONDS:-1}
# Instances that are not systemd's (npm run drill:upgrade, docs/decisions/405-upgrade-drill.md): the
# address of whatever runs them. Restarting one (POST <url>/restart/N) and taking it out of nginx's
# list or back (POST <url>/proxy/N/down|up) are asked of it, and wait_healthy asks the instance
# itself even in test mode. Unset on a server.
INSTANCE_CONTROL_URL=${INSTANCE_CONTROL_URL:-}

say() { printf '%s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() {
  printf 'ERROR: %s\n' "$*" >&2
  exit 1
}

# A command that changes the machine: run it, or in test mode print it.
run() {
  if [[ $DRY_RUN == 1 ]]; then
    printf '+'
    printf ' %q' "$@"
    printf '\n'
  else
    "$@"
  fi
}

require_root() {
  if [[ $DRY_RUN == 1 ]]; then return 0; fi
  if [[ $EUID -ne 0 ]]; then die "run it as root: sudo $0 ${*:-}"; fi
}

# One install, upgrade or rollback at a time.
take_deploy_lock() {
  mkdir -p "$APP_DIR"
  exec 9>"$APP_DIR/.deploy.lock"
  flock -n 9 || die "another install, upgrade or rollback is running (lock: $APP_DIR/.deploy.lock)"
}

node_version_ok() {
  local version
  version=$(node --version 2>/dev/null) || return 1
  printf '%s\n%s\n' "$MIN_NODE" "${version#v}" | sort -V -C
}

# --- settings files (KEY=value lines, read by systemd's EnvironmentFile= and by `set -a; . file`)

# The value of KEY in an env file ('' when absent), without the quotes env_set may have put round it.
env_get() {
  local file=$1 key=$2 line value
  [[ -r $file ]] || return 0
  line=$(grep -E "^${key}=" "$file" | tail -n 1) || true
  value=${line#*=}
  if [[ $value == \'*\' || $value == \"*\" ]]; then value=${value:1:${#value}-2}; fi
  printf '%s' "$value"
}

# Sets KEY=value in an env file, in place of its line or at the end; every other line is kept.
# A value with characters a shell or systemd would read differently is single-quoted (both read
# 'x y' as x y); one holding a quote or a line break is refused. ENV_CHANGED=1 when it changed.
env_set() {
  local file=$1 key=$2 value=$3 line tmp
  if [[ $value == *"'"* || $value == *$'\n'* ]]; then die "$key may not hold a quote (') or a line break"; fi
  if [[ $value =~ ^[A-Za-z0-9_.,:/@%+=~-]*$ ]]; then line="$key=$value"; else line="$key='$value'"; fi
  if [[ ! -e $file ]]; then install -m 600 /dev/null "$file"; fi
  if grep -qxF -- "$line" "$file"; then return 0; fi
  tmp=$(mktemp "$file.XXXXXX")
  chmod 600 "$tmp"
  KEY=$key LINE=$line awk '
    BEGIN { key = ENVIRON["KEY"]; line = ENVIRON["LINE"] }
    index($0, key "=") == 1 { if (!done) print line; done = 1; next }
    { print }
    END { if (!done) print line }
  ' "$file" >"$tmp"
  mv -f "$tmp" "$file"
  ENV_CHANGED=1
}

# The key that seals the two-factor secrets (docs/decisions/401-secrets-at-rest.md): made once, then
# kept. An upgrade from a release older than that key makes it too, since the new release refuses to
# start on PostgreSQL without it.
ensure_secrets_key() {
  if [[ -z $(env_get "$ENV_FILE" SECRETS_KEY) ]]; then
    env_set "$ENV_FILE" SECRETS_KEY "$(head -c 32 /dev/urandom | base64 -w0)"
    say "Made SECRETS_KEY in $ENV_FILE (keep a copy with the backups: without it two-factor must be set up again)"
  fi
}

# Writes stdin to a file with a mode, through a temporary file beside it; FILE_CHANGED=1 when the
# content differs from what was there.
write_file() {
  local file=$1 mode=$2 tmp
  mkdir -p "$(dirname "$file")"
  tmp=$(mktemp "$file.XXXXXX")
  chmod "$mode" "$tmp"
  cat >"$tmp"
  if [[ -f $file ]] && cmp -s "$tmp" "$file"; then
    rm -f "$tmp"
    chmod "$mode" "$file"
    return 0
  fi
  mv -f "$tmp" "$file"
  FILE_CHANGED=1
}

# --- instances: tyre-booking@N, one /etc/tyre-booking/instance-N.env each

instance_numbers() {
  local file n
  for file in "$CONF_DIR"/instance-*.env; do
    [[ -e $file ]] || continue
    n=${file##*/instance-}
    n=${n%.env}
    if [[ $n =~ ^[0-9]+$ ]]; then printf '%s\n' "$n"; fi
  done | sort -n
}

instance_port() {
  local port
  port=$(env_get "$CONF_DIR/instance-$1.env" PORT)
  printf '%s\n' "${port:-$((5000 + $1))}"
}

control_instances() { curl -fsS --max-time 120 -o /dev/null -X POST "$INSTANCE_CONTROL_URL/$1"; }

restart_instance() {
  if [[ -n $INSTANCE_CONTROL_URL ]]; then control_instances "restart/$1"; else run systemctl restart "tyre-booking@$1"; fi
}

# Takes instance N out of nginx's list (down) before it stops, or puts it back (up) once it answers
# (docs/decisions/405-upgrade-drill.md): nginx then never sends a request to an instance in the
# instant it closes its listening socket, where a POST nginx had already written would be lost
# (nginx never sends a POST twice). `down` on its upstream line and a reload; nginx's old workers
# finish what they hold within DRAIN_SECONDS. With one instance it stays in: there is no other.
proxy_instance() {
  local n=$1 state=$2 port mark=''
  if (($(instance_numbers | wc -l) < 2)); then return 0; fi
  if [[ -n $INSTANCE_CONTROL_URL ]]; then
    control_instances "proxy/$n/$state" || return 1
  else
    if [[ ! -f $NGINX_SITE ]]; then
      say "No $NGINX_SITE: nginx keeps tyre-booking@$n in its list"
      return 0
    fi
    port=$(instance_port "$n")
    if [[ $state == down ]]; then mark=' down'; fi
    sed -E "/^[[:space:]]*server 127\.0\.0\.1:${port}[[:space:];]/{s/ down;/;/;s/;/${mark};/}" "$NGINX_SITE" |
      write_file "$NGINX_SITE" 0644 || return 1
    run nginx -t -q || return 1
    run systemctl reload nginx || return 1
    if [[ $DRY_RUN == 1 ]]; then return 0; fi
  fi
  if [[ $state == down ]]; then sleep "$DRAIN_SECONDS"; fi
}

# systemd's count of instance N's automatic restarts (Restart=on-failure); 0 without systemd.
instance_restarts() {
  if [[ -n $INSTANCE_CONTROL_URL || $DRY_RUN == 1 ]]; then
    echo 0
    return
  fi
  systemctl show -p NRestarts --value "tyre-booking@$1" 2>/dev/null || echo 0
}

# Whether instance N keeps exiting at start: systemd has started it again twice more than the
# count it had before the restart ($2), or given up on it; a manager of its own
# (INSTANCE_CONTROL_URL) answers GET /exited/N with 200 once the process has exited. A release that
# cannot start is then left in seconds, not after HEALTH_TIMEOUT (docs/decisions/405-upgrade-drill.md).
instance_exiting() {
  local restarts
  if [[ -n $INSTANCE_CONTROL_URL ]]; then
    curl -fsS --max-time 2 -o /dev/null "$INSTANCE_CONTROL_URL/exited/$1" 2>/dev/null
    return
  fi
  if systemctl is-failed --quiet "tyre-booking@$1"; then return 0; fi
  restarts=$(instance_restarts "$1")
  ((${restarts:-0} >= ${2:-0} + 2))
}

# Waits until the instance answers 200 on /healthz: it listens only once its migrations are
# applied (src/server/main.ts), so a 200 also says the database is at this release's level.
# Returns 1 after HEALTH_TIMEOUT, or sooner when the instance keeps exiting at start ($2: its
# restart count before, instance_restarts).
wait_healthy() {
  local port deadline
  port=$(instance_port "$1")
  if [[ $DRY_RUN == 1 && -z $INSTANCE_CONTROL_URL ]]; then
    say "+ wait for http://127.0.0.1:$port/healthz"
    return 0
  fi
  deadline=$((SECONDS + HEALTH_TIMEOUT))
  until curl -fsS --max-time 2 -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null; do
    if ((SECONDS >= deadline)); then return 1; fi
    if instance_exiting "$1" "${2:-0}"; then
      warn "tyre-booking@$1 exits at start (journalctl -u tyre-booking@$1 -n 100)"
      return 1
    fi
    sleep 1
  done
}

# --- releases

repo_git() { git -c safe.directory="$REPO_DIR" -C "$REPO_DIR" "$@"; }

release_of_link() {
  local target
  target=$(readlink "$APP_DIR/$1" 2>/dev/null) || return 0
  printf '%s\n' "${target##*/}"
}
current_release() { release_of_link current; }
previous_release() { release_of_link previous; }

# Complete releases (a build that finished writes .release), oldest first: names begin with the
# UTC time of their build.
release_names() {
  local dir
  for dir in "$RELEASES_DIR"/*/; do
    if [[ -f $dir.release ]]; then basename "$dir"; fi
  done | sort
}

# Points `current` or `previous` at a release in one step: a new link under a temporary name,
# renamed over the old one (rename is atomic, so nothing ever sees the link missing).
point_link() {
  local link=$1 release=$2 tmp
  tmp="$APP_DIR/.$link.$$"
  ln -sfn "releases/$release" "$tmp"
  mv -T "$tmp" "$APP_DIR/$link"
}

# The commit a ref names after the fetch: origin's branch first, then a tag, then anything git knows.
resolve_ref() {
  local ref=$1 candidate
  for candidate in "refs/remotes/origin/$ref" "refs/tags/$ref" "$ref"; do
    if repo_git rev-parse --verify --quiet "$candidate^{commit}"; then return 0; fi
  done
  return 1
}

# <UTC time>-<git describe>, e.g. 20261123T031500Z-v1.4.0-3-g1a2b3c4d: sorted by name, sorted by age.
new_release_name() {
  local commit=$1 described
  described=$(repo_git describe --tags --always --abbrev=10 "$commit" 2>/dev/null) ||
    described=$(repo_git rev-parse --short=10 "$commit")
  described=$(printf '%s' "$described" | tr -c 'A-Za-z0-9._-' '-')
  printf '%s-%s\n' "$(date -u +%Y%m%dT%H%M%SZ)" "$described"
}

# The commit's files, as git archive exports them (no .git, nothing untracked).
export_release() {
  local commit=$1 dir=$2
  mkdir -p "$dir" || return 1
  repo_git archive --format=tar "$commit" | tar -x -C "$dir" || return 1
}

# npm ci and npm run build as the tyres user, never as root: packages' install scripts run with
# that user's rights only. NODE_ENV is cleared so npm ci installs the build tools too.
build_release() {
  local dir=$1
  local as_app=(runuser -u "$APP_USER" -- env -u NODE_ENV -C "$dir" HOME="$BUILD_CACHE_DIR" BUILD_COMMIT="${BUILD_COMMIT:-}"
    npm_config_cache="$BUILD_CACHE_DIR/npm" npm_config_update_notifier=false npm_config_fund=false)
  run install -d -o "$APP_USER" -g "$APP_USER" -m 0750 "$BUILD_CACHE_DIR" || return 1
  run chown -R "$APP_USER:$APP_USER" "$dir" || return 1
  run "${as_app[@]}" npm ci --include=dev --no-audit || return 1
  run "${as_app[@]}" npm run build || return 1
}

# Once built, a release belongs to root and nobody else may change it: the instances (tyres) only
# read it (their unit makes it read-only too).
seal_release() {
  local dir=$1
  run chown -R root:root "$dir" || return 1
  run chmod -R go-w "$dir" || return 1
}

# Builds a release of a commit in its own folder; NEW_RELEASE is its name. A failed build's folder
# is removed. BUILD_COMMIT names the commit to the build, which has no .git (Settings → System).
make_release() {
  local commit=$1 ref=${2:-$1} dir base suffix=1
  base=$(new_release_name "$commit")
  NEW_RELEASE=$base
  while [[ -e $RELEASES_DIR/$NEW_RELEASE ]]; do
    NEW_RELEASE=$base.$suffix
    suffix=$((suffix + 1))
  done
  dir=$RELEASES_DIR/$NEW_RELEASE
  say "Building release $NEW_RELEASE ($ref, commit $commit) in $dir"
  mkdir -p "$RELEASES_DIR"
  if ! export_release "$commit" "$dir" || ! BUILD_COMMIT=$commit build_release "$dir"; then
    rm -rf "$dir"
    return 1
  fi
  printf 'commit=%s\nref=%s\nbuilt=%s\n' "$commit" "$ref" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$dir/.release"
}

# The migration rule (docs/deploying.md "Migrations: expand only"): the migrations the new release
# has and the running one has not must leave the running one working. The new release's own
# checker judges them (its rules go with its migrations); a release older than the checker uses this one.
check_release_migrations() {
  local new=$1 old=$2 checker args
  checker=$new/scripts/check-migrations.mjs
  if [[ ! -f $checker ]]; then checker=$DEPLOY_SCRIPTS_DIR/../scripts/check-migrations.mjs; fi
  if [[ ! -f $checker ]]; then
    warn "no scripts/check-migrations.mjs: the new migrations are not checked"
    return 0
  fi
  args=(--dir "$new/drizzle")
  if [[ -f $old/drizzle/meta/_journal.json ]]; then args+=(--since "$old/drizzle/meta/_journal.json"); fi
  say "Checking the migrations new in this release (expand only):"
  if [[ $DRY_RUN == 1 ]]; then
    node "$checker" "${args[@]}"
  else
    runuser -u "$APP_USER" -- node "$checker" "${args[@]}"
  fi
}

# One instance onto the release `current` names: out of nginx's list, restarted, waited for on
# /healthz, back in the list. One that does not answer stays out (the others serve): returns 1.
cycle_instance() {
  local n=$1 restarts
  proxy_instance "$n" down || warn "could not take tyre-booking@$n out of nginx's list: nginx retries its requests on the others"
  restarts=$(instance_restarts "$n")
  if ! restart_instance "$n" || ! wait_healthy "$n" "$restarts"; then return 1; fi
  proxy_instance "$n" up || {
    warn "could not put tyre-booking@$n back in nginx's list (nginx -t; systemctl reload nginx)"
    return 1
  }
}

# Switches `current` to a release and restarts the instances one at a time (cycle_instance), each
# taken out of nginx's list until it answers /healthz while nginx sends requests to the others. If
# one does not answer, `current` goes back and every instance restarted so far is restarted on the
# old release: returns 1 then. On success `previous` names the release left.
activate_release() {
  local target=$1 old n m restarted=() first=1
  old=$(current_release)
  point_link current "$target"
  say "current -> releases/$target (was ${old:-none})"
  for n in $(instance_numbers); do
    if [[ $first == 0 ]]; then sleep "$SETTLE_SECONDS"; fi
    first=0
    say "Restarting tyre-booking@$n on $target and waiting for its /healthz"
    restarted+=("$n")
    if ! cycle_instance "$n"; then
      warn "tyre-booking@$n did not start on $target (journalctl -u tyre-booking@$n -n 100)"
      if [[ -n $old && $old != "$target" ]]; then
        point_link current "$old"
        say "current -> releases/$old again"
        for m in "${restarted[@]}"; do
          say "Restarting tyre-booking@$m on $old"
          if ! cycle_instance "$m"; then
            warn "tyre-booking@$m did not come back on $old either: journalctl -u tyre-booking@$m -n 100"
            RESTORE_FAILED=1
          fi
        done
      fi
      return 1
    fi
  done
  if [[ -n $old && $old != "$target" ]]; then point_link previous "$old"; fi
  return 0
}

# The migrations `from` applied that `to` does not know and that carry `-- contract:` (they took
# something away): `to` must not read it. Printed before a rollback, which does not undo migrations.
contract_migrations_between() {
  local from=$1 to=$2 tag
  [[ -f $from/drizzle/meta/_journal.json ]] || return 0
  while read -r tag; do
    if [[ -n $tag ]] && ! grep -qF "\"$tag\"" "$to/drizzle/meta/_journal.json" 2>/dev/null &&
      grep -qiE '^[[:space:]]*--[[:space:]]*contract:[[:space:]]*[^[:space:]]' "$from/drizzle/$tag.sql" 2>/dev/null; then
      printf '%s: %s\n' "$tag" "$(grep -iE -m1 '^[[:space:]]*--[[:space:]]*contract:' "$from/drizzle/$tag.sql" | sed -E 's/^[[:space:]]*--[[:space:]]*//')"
    fi
  done < <(grep -oE '"tag": *"[^"]+"' "$from/drizzle/meta/_journal.json" | sed -E 's/.*"([^"]+)"$/\1/')
}

# Keeps the newest KEEP_RELEASES releases, and always `current` and `previous` (after rollbacks
# they may be older than the newest); removes the rest and any folder a build left unfinished.
prune_releases() {
  local cur prev name dir kept=0 room
  cur=$(current_release)
  prev=$(previous_release)
  room=$KEEP_RELEASES
  if [[ -n $cur ]]; then room=$((room - 1)); fi
  if [[ -n $prev && $prev != "$cur" ]]; then room=$((room - 1)); fi
  for dir in "$RELEASES_DIR"/*/; do
    [[ -d $dir ]] || continue
    name=$(basename "$dir")
    if [[ ! -f $dir.release && $name != "$cur" && $name != "$prev" ]]; then
      say "Removing unfinished build $name"
      rm -rf "$dir"
    fi
  done
  while read -r name; do
    [[ -n $name && $name != "$cur" && $name != "$prev" ]] || continue
    if ((kept < room)); then
      kept=$((kept + 1))
    else
      say "Removing old release $name"
      rm -rf "${RELEASES_DIR:?}/$name"
    fi
  done < <(release_names | sort -r)
}

# The releases, newest last, with the links that point at them.
list_releases() {
  local cur prev name mark
  cur=$(current_release)
  prev=$(previous_release)
  while read -r name; do
    [[ -n $name ]] || continue
    mark=''
    if [[ $name == "$cur" ]]; then mark=' <- current'; elif [[ $name == "$prev" ]]; then mark=' <- previous'; fi
    printf '%s  (%s)%s\n' "$name" "$(env_get "$RELEASES_DIR/$name/.release" ref)" "$mark"
  done < <(release_names)
}
