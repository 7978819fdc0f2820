#!/usr/bin/env bash
# Installs the booking site on a fresh Debian 12 or Ubuntu 24.04 server, as root (docs/deploying.md):
#
#   git clone <repository> /srv/tyre-booking/repo
#   sudo /srv/tyre-booking/repo/deploy/install.sh --domain tyres.example.com.au --email owner@example.com.au
#
# Node.js 24 from NodeSource's signed repository, PostgreSQL with its role and database, the tyres
# user, /etc/tyre-booking/env and instance-N.env (0600, root's), the systemd template and N
# instances on 127.0.0.1, the first release under /srv/tyre-booking/releases, the firewall (22, 80
# and 443 only), nginx with a certificate from Let's Encrypt. Safe to run again: it keeps what is
# there (the database password, the keys, any line added to the env file) and changes what differs.
#
# Options: --domain NAME, --email ADDRESS (Let's Encrypt's notices), --instances N (default 2),
# --yes (no questions: the keys come from the environment, below), --dry-run (change nothing: print
# the commands, write the files under DEPLOY_ROOT or a temporary folder).
# Keys it cannot make, asked for unless already in the env file (or taken from the environment):
# STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET (none: pay on site only),
# SMTP_URL, MAIL_FROM (none: emails are only stored). Taken from the environment only, never asked:
# BACKUP_S3_BUCKET, BACKUP_S3_REGION, BACKUP_S3_ENDPOINT, BACKUP_S3_PATH_STYLE, BACKUP_S3_ACCESS_KEY_ID,
# BACKUP_S3_SECRET_ACCESS_KEY (none: the backups stay on this machine, docs/deploying.md "Backups").
set -euo pipefail
umask 022

DEPLOY_SCRIPTS_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
# shellcheck source=deploy/releases.sh
source "$DEPLOY_SCRIPTS_DIR/releases.sh"
# shellcheck source=deploy/pgbackrest.sh
source "$DEPLOY_SCRIPTS_DIR/pgbackrest.sh"
# The checkout this script runs from: its HEAD is the first release.
SOURCE_DIR=$(cd "$DEPLOY_SCRIPTS_DIR/.." && pwd)

# NodeSource's repository signing key (https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key):
# apt trusts it for that repository only, and only if it is this key.
NODESOURCE_KEY_URL=https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key
NODESOURCE_KEY_FINGERPRINT=6F71F525282841EEDAF851B42F59B5F99B1BE0B4
NODE_MAJOR=24
OS_RELEASE_FILE=${OS_RELEASE_FILE:-/etc/os-release}
# The database URLs this script writes: the owner role tyres (migrations, DATABASE_MIGRATION_URL;
# before decision 408 it was DATABASE_URL) and the runtime role tyres_app (DATABASE_URL). A
# DATABASE_URL that matches neither was set by hand and is kept.
OWN_DATABASE_URL='^postgres://tyres:([0-9a-f]{48})@127\.0\.0\.1:5432/tyres$'
OWN_RUNTIME_URL='^postgres://tyres_app:([0-9a-f]{48})@127\.0\.0\.1:5432/tyres$'
SECRET_KEYS=(STRIPE_SECRET_KEY STRIPE_PUBLISHABLE_KEY STRIPE_WEBHOOK_SECRET SMTP_URL MAIL_FROM "${BACKUP_S3_KEYS[@]}")

DOMAIN=''
EMAIL=''
INSTANCES=''
ASSUME_YES=0
ENV_CHANGED=0
FILE_CHANGED=0
UNIT_CHANGED=0
DATABASE_URL_VALUE=''
DATABASE_MIGRATION_URL_VALUE=''
declare -A SECRET=()

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'
  exit "${1:-2}"
}

parse_args() {
  while (($# > 0)); do
    case $1 in
      --domain | --email | --instances)
        (($# >= 2)) || die "$1 needs a value"
        case $1 in
          --domain) DOMAIN=$2 ;;
          --email) EMAIL=$2 ;;
          --instances) INSTANCES=$2 ;;
        esac
        shift
        ;;
      --domain=*) DOMAIN=${1#*=} ;;
      --email=*) EMAIL=${1#*=} ;;
      --instances=*) INSTANCES=${1#*=} ;;
      --yes | -y) ASSUME_YES=1 ;;
      --dry-run) DRY_RUN=1 ;;
      --help | -h) usage 0 ;;
      *)
        printf 'Unknown argument: %s\n\n' "$1" >&2
        usage 2
        ;;
    esac
    shift
  done
  deploy_paths
  DOMAIN=$(printf '%s' "$DOMAIN" | tr '[:upper:]' '[:lower:]')
}

# --- checks that change nothing

check_os() {
  local id version pretty
  [[ -r $OS_RELEASE_FILE ]] || die "cannot read $OS_RELEASE_FILE: install.sh supports Debian 12 and Ubuntu 24.04 only"
  # shellcheck disable=SC1090
  id=$(. "$OS_RELEASE_FILE" && printf '%s' "${ID:-}")
  # shellcheck disable=SC1090
  version=$(. "$OS_RELEASE_FILE" && printf '%s' "${VERSION_ID:-}")
  # shellcheck disable=SC1090
  pretty=$(. "$OS_RELEASE_FILE" && printf '%s' "${PRETTY_NAME:-$id $version}")
  case "$id $version" in
    'debian 12' | 'ubuntu 24.04') say "System: $pretty" ;;
    *) die "this is $pretty: install.sh supports Debian 12 and Ubuntu 24.04 only (docs/deploying.md); nothing was changed" ;;
  esac
}

# The old way (README before docs/deploying.md) cloned the code into /srv/tyre-booking itself.
check_layout() {
  if [[ -e $APP_DIR/package.json || -e $APP_DIR/.git ]]; then
    die "$APP_DIR holds a checkout of the code (the old live-folder layout): stop the instances and move it aside first (docs/deploying.md \"From the old live folder\"); nothing was changed"
  fi
}

# The firewall opens 22 only: an sshd on another port would lock its owner out.
check_ssh_port() {
  local ports port
  if [[ $DRY_RUN == 1 ]] || ! command -v sshd >/dev/null 2>&1; then return 0; fi
  ports=$(sshd -T 2>/dev/null | awk '$1 == "port" { print $2 }') || return 0
  for port in $ports; do
    if [[ $port != 22 ]]; then
      die "sshd listens on port $port, and the firewall this script sets up lets in only 22, 80 and 443: move SSH to port 22 first, or you would be locked out; nothing was changed"
    fi
  done
}

check_domain_and_email() {
  [[ -n $DOMAIN ]] || die "give the site's domain: --domain tyres.example.com.au"
  if [[ ! $DOMAIN =~ ^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$ ]]; then
    die "'$DOMAIN' is not a domain name such as tyres.example.com.au"
  fi
  if ! has_certificate && [[ -z $EMAIL ]]; then
    die "give the owner's email for Let's Encrypt's notices: --email owner@example.com.au"
  fi
  if [[ -n $EMAIL && ! $EMAIL =~ ^[^@[:space:]\']+@[^@[:space:]\']+\.[^@[:space:]\']+$ ]]; then
    die "'$EMAIL' is not an email address"
  fi
  [[ $INSTANCES =~ ^[1-9]$ ]] || die "--instances must be a number from 1 to 9 (ports 5001-5009)"
}

resolved_addresses() { getent ahosts "$1" | awk '{ print $1 }' | sort -u; }
machine_addresses() { ip -o addr show scope global | awk '{ split($4, a, "/"); print a[1] }' | sort -u; }

# Let's Encrypt checks the domain by asking it over HTTP: every address it resolves to must be this
# machine's, or certbot fails after everything else was installed.
check_domain_resolves() {
  local domain=$1 resolved mine address stray=()
  resolved=$(resolved_addresses "$domain" || true)
  if [[ -z $resolved ]]; then
    die "$domain does not resolve: give it an A record (and AAAA, if the server has IPv6) with this machine's address, wait for it to spread, then run this again; nothing was changed"
  fi
  mine=$(machine_addresses || true)
  while read -r address; do
    if ! grep -qxF -- "$address" <<<"$mine"; then stray+=("$address"); fi
  done <<<"$resolved"
  if ((${#stray[@]} > 0)); then
    die "$domain resolves to ${stray[*]}, which is not this machine (its addresses: $(tr '\n' ' ' <<<"$mine")): correct its DNS records, wait for them to spread, then run this again; nothing was changed"
  fi
  say "$domain resolves to this machine ($(tr '\n' ' ' <<<"$resolved"))"
}

has_certificate() { [[ -e $DEPLOY_ROOT/etc/letsencrypt/live/$DOMAIN/fullchain.pem ]]; }

# --- questions

ask() {
  local var=$1 prompt=$2 secret=${3:-} reply=''
  if [[ $ASSUME_YES == 1 || ! -t 0 ]]; then return 0; fi
  if [[ -n $secret ]]; then
    read -r -s -p "$prompt" reply
    printf '\n' >&2
  else
    read -r -p "$prompt" reply
  fi
  printf -v "$var" '%s' "$reply"
}

collect_settings() {
  local existing
  if [[ -z $DOMAIN ]]; then
    existing=$(env_get "$ENV_FILE" PUBLIC_BASE_URL)
    DOMAIN=${existing#https://}
    ask DOMAIN "The site's domain (its DNS must point here)${DOMAIN:+ [$DOMAIN]}: "
    DOMAIN=${DOMAIN:-${existing#https://}}
    DOMAIN=$(printf '%s' "$DOMAIN" | tr '[:upper:]' '[:lower:]')
  fi
  if [[ -z $EMAIL && -n $DOMAIN ]] && ! has_certificate; then
    ask EMAIL "The owner's email, for Let's Encrypt's certificate notices: "
  fi
  if [[ -z $INSTANCES ]]; then
    INSTANCES=$(instance_numbers | wc -l)
    if ((INSTANCES == 0)); then INSTANCES=2; fi
  fi
}

# A key given in the environment (sudo STRIPE_SECRET_KEY=... install.sh) replaces the env file's;
# one the env file has is kept; a missing one is asked for (Enter skips it).
collect_secrets() {
  local key
  for key in "${SECRET_KEYS[@]}"; do SECRET[$key]=${!key:-}; done
  if [[ -z $(secret_value STRIPE_SECRET_KEY) ]]; then
    ask 'SECRET[STRIPE_SECRET_KEY]' 'Stripe secret key (sk_live_...; Enter: no card payments, customers pay on site): ' secret
    if [[ -n ${SECRET[STRIPE_SECRET_KEY]} ]]; then
      ask 'SECRET[STRIPE_PUBLISHABLE_KEY]' 'Stripe publishable key (pk_live_...): '
      ask 'SECRET[STRIPE_WEBHOOK_SECRET]' "Stripe webhook signing secret (whsec_..., of the endpoint https://$DOMAIN/api/payments/webhook): " secret
    fi
  fi
  if [[ -z $(secret_value SMTP_URL) ]]; then
    ask 'SECRET[SMTP_URL]' 'Mail server (smtp://user:password@host:587; Enter: emails are only stored, not sent): ' secret
    if [[ -n ${SECRET[SMTP_URL]} && -z $(secret_value MAIL_FROM) ]]; then
      ask 'SECRET[MAIL_FROM]' 'Sender of the emails (e.g. Perth Mobile Tyres <bookings@example.com.au>; Enter: the business name and email): '
    fi
  fi
  check_secrets
}

# What the env file will hold for a key: the value given now, else the one it has.
secret_value() {
  if [[ -n ${SECRET[$1]:-} ]]; then printf '%s' "${SECRET[$1]}"; else env_get "$ENV_FILE" "$1"; fi
}

check_secrets() {
  local secret publishable webhook smtp
  secret=$(secret_value STRIPE_SECRET_KEY)
  publishable=$(secret_value STRIPE_PUBLISHABLE_KEY)
  webhook=$(secret_value STRIPE_WEBHOOK_SECRET)
  smtp=$(secret_value SMTP_URL)
  if [[ -n $secret$publishable$webhook ]]; then
    [[ $secret =~ ^(sk|rk)_(live|test)_[A-Za-z0-9]+$ ]] || die "STRIPE_SECRET_KEY must be Stripe's secret key (sk_live_...)"
    [[ $publishable =~ ^pk_(live|test)_[A-Za-z0-9]+$ ]] || die "STRIPE_PUBLISHABLE_KEY must be Stripe's publishable key (pk_live_...), given with the secret key"
    # Without it the app refuses to start: customers would pay and their booking stay unpaid (decision 008).
    [[ $webhook =~ ^whsec_[A-Za-z0-9+/=]+$ ]] || die "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...), given with the keys"
  fi
  if [[ -n $smtp && ! $smtp =~ ^smtps?://[^[:space:]]+$ ]]; then
    die "SMTP_URL must look like smtp://user:password@host:587 (or smtps://...:465)"
  fi
  check_backup_s3
}

confirm_plan() {
  local reply=''
  say ''
  say "Install the booking site for https://$DOMAIN with $INSTANCES instance(s) on this machine:"
  say "  Node.js $NODE_MAJOR (NodeSource), PostgreSQL, pgBackRest, nginx and certbot from apt; the user $APP_USER;"
  say "  settings in $ENV_FILE; releases in $RELEASES_DIR; the firewall opens 22, 80 and 443 only."
  if ! has_certificate; then
    say "  A certificate from Let's Encrypt for $DOMAIN (notices to $EMAIL): going on accepts"
    say "  Let's Encrypt's Subscriber Agreement (https://letsencrypt.org/repository/)."
  fi
  if [[ $ASSUME_YES == 1 || ! -t 0 ]]; then return 0; fi
  read -r -p 'Go on? [y/N] ' reply
  [[ $reply =~ ^[Yy] ]] || die "stopped; nothing was changed"
}

# --- steps that change the machine

install_packages() {
  local packages=(ca-certificates curl gnupg git nginx certbot postgresql pgbackrest)
  if ! have_ufw; then packages+=(nftables); fi
  say "Installing ${packages[*]}"
  run env DEBIAN_FRONTEND=noninteractive apt-get update -q
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${packages[@]}"
}

# The primary keys' fingerprints in a key file, one a line.
key_fingerprints() {
  local file=$1 home
  home=$(mktemp -d)
  gpg --batch --homedir "$home" --show-keys --with-colons "$file" 2>/dev/null |
    awk -F: '$1 == "pub" { want = 1; next } want && $1 == "fpr" { print $10; want = 0 }'
  rm -rf "$home"
}

# Downloads NodeSource's key and keeps it only if it is the one key with the known fingerprint.
fetch_nodesource_key() {
  local keyring=$1 tmp fingerprints
  tmp=$(mktemp -d)
  if ! curl -fsSL --proto '=https' --tlsv1.2 "$NODESOURCE_KEY_URL" -o "$tmp/key.asc"; then
    rm -rf "$tmp"
    die "could not download NodeSource's key from $NODESOURCE_KEY_URL"
  fi
  fingerprints=$(key_fingerprints "$tmp/key.asc")
  if [[ $fingerprints != "$NODESOURCE_KEY_FINGERPRINT" ]]; then
    rm -rf "$tmp"
    die "NodeSource's key has the fingerprint(s) '$(tr '\n' ' ' <<<"$fingerprints")', not $NODESOURCE_KEY_FINGERPRINT: refused (check https://github.com/nodesource/distributions for a new key)"
  fi
  gpg --batch --yes --homedir "$tmp" --dearmor -o "$tmp/nodesource.gpg" "$tmp/key.asc"
  install -D -m 0644 "$tmp/nodesource.gpg" "$keyring"
  rm -rf "$tmp"
}

install_node() {
  local keyring=$DEPLOY_ROOT/etc/apt/keyrings/nodesource.gpg
  say "Node.js $NODE_MAJOR from NodeSource's repository (key $NODESOURCE_KEY_FINGERPRINT)"
  if [[ $DRY_RUN == 1 ]]; then
    say "+ download $NODESOURCE_KEY_URL, check its fingerprint is $NODESOURCE_KEY_FINGERPRINT, write it to $keyring"
  else
    fetch_nodesource_key "$keyring"
  fi
  write_file "$DEPLOY_ROOT/etc/apt/sources.list.d/nodesource.list" 0644 <<EOF
deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_$NODE_MAJOR.x nodistro main
EOF
  # NodeSource's nodejs, never the distribution's older one (Debian 12 has 18.19).
  write_file "$DEPLOY_ROOT/etc/apt/preferences.d/nodesource" 0644 <<'EOF'
Package: nodejs
Pin: origin deb.nodesource.com
Pin-Priority: 600
EOF
  run env DEBIAN_FRONTEND=noninteractive apt-get update -q
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs
  if [[ $DRY_RUN != 1 ]]; then
    node_version_ok || die "node is $(node --version 2>/dev/null || echo missing) after the install; the app needs $MIN_NODE or later"
    say "Node.js $(node --version)"
  fi
}

create_app_user() {
  if [[ $DRY_RUN != 1 ]] && id -u "$APP_USER" >/dev/null 2>&1; then
    say "User $APP_USER exists"
    return 0
  fi
  run useradd --system --user-group --home-dir /var/lib/tyre-booking --no-create-home \
    --shell /usr/sbin/nologin --comment 'Mobile tyre booking site' "$APP_USER"
}

new_password() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }

# PostgreSQL from the distribution and the database tyres with two roles, each with a generated
# password that goes into the env file only (docs/deploying.md): tyres owns the database and applies
# the migrations (DATABASE_MIGRATION_URL); tyres_app, the app's login (DATABASE_URL), reads and
# writes rows and has no DDL rights, so it cannot switch off or rewrite the audit log (the app
# grants it each table after migrating: docs/decisions/408-app-login-not-a-superuser.md).
setup_database() {
  local url migration owner_password app_password
  url=$(env_get "$ENV_FILE" DATABASE_URL)
  migration=$(env_get "$ENV_FILE" DATABASE_MIGRATION_URL)
  if [[ -n $url && ! $url =~ $OWN_DATABASE_URL && ! $url =~ $OWN_RUNTIME_URL ]]; then
    say "DATABASE_URL in $ENV_FILE names another database: kept, no local database made"
    return 0
  fi
  # An install from before decision 408 has the owner's URL as DATABASE_URL: it becomes the migration URL.
  if [[ $migration =~ $OWN_DATABASE_URL || $url =~ $OWN_DATABASE_URL ]]; then
    owner_password=${BASH_REMATCH[1]}
  else
    owner_password=$(new_password)
  fi
  if [[ $url =~ $OWN_RUNTIME_URL ]]; then app_password=${BASH_REMATCH[1]}; else app_password=$(new_password); fi
  DATABASE_MIGRATION_URL_VALUE="postgres://tyres:$owner_password@127.0.0.1:5432/tyres"
  DATABASE_URL_VALUE="postgres://tyres_app:$app_password@127.0.0.1:5432/tyres"
  run systemctl enable --now postgresql
  if [[ $DRY_RUN == 1 ]]; then
    say "+ create the PostgreSQL roles tyres (owner) and tyres_app (the app's, no DDL rights), passwords in $ENV_FILE, and the database tyres, unless they exist"
    return 0
  fi
  local tries=0
  until runuser -u postgres -- pg_isready -q; do
    tries=$((tries + 1))
    ((tries < 30)) || die "PostgreSQL did not start: systemctl status postgresql"
    sleep 1
  done
  # On standard input, so the passwords are in no process's arguments.
  runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -d postgres >/dev/null <<SQL
SELECT 'CREATE ROLE tyres LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tyres')\gexec
ALTER ROLE tyres WITH LOGIN NOSUPERUSER PASSWORD '$owner_password';
SELECT 'CREATE ROLE tyres_app LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tyres_app')\gexec
ALTER ROLE tyres_app WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '$app_password';
SELECT 'CREATE DATABASE tyres OWNER tyres' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'tyres')\gexec
REVOKE ALL ON DATABASE tyres FROM PUBLIC;
REVOKE ALL ON DATABASE tyres FROM tyres_app;
GRANT CONNECT ON DATABASE tyres TO tyres_app;
\connect tyres
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER DEFAULT PRIVILEGES FOR ROLE tyres IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tyres_app;
ALTER DEFAULT PRIVILEGES FOR ROLE tyres IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tyres_app;
SQL
  say "PostgreSQL: database tyres, its owner tyres (migrations) and the app's role tyres_app"
}

# /etc/tyre-booking/env (every instance) and instance-N.env (PORT, INSTANCE_NAME): 0600, root's.
write_env_files() {
  local key n
  mkdir -p "$CONF_DIR"
  chmod 0700 "$CONF_DIR"
  if [[ ! -e $ENV_FILE ]]; then
    write_file "$ENV_FILE" 0600 <<'EOF'
# The booking site's settings, read by every instance (docs/deploying.md; every key: README
# "Environment checklist"). Written by deploy/install.sh, which keeps any line you add here.
# Mode 0600, owner root: it holds the database password and the payment and mail keys. After an
# edit, restart the instances one at a time: systemctl restart tyre-booking@1, wait, then @2.
EOF
  fi
  env_set "$ENV_FILE" NODE_ENV production
  # Only nginx reaches the instances; the firewall closes their ports too.
  env_set "$ENV_FILE" HOST 127.0.0.1
  env_set "$ENV_FILE" PUBLIC_BASE_URL "https://$DOMAIN"
  env_set "$ENV_FILE" TRUST_PROXY 1
  # The unit's StateDirectory: the one folder the instances may write.
  env_set "$ENV_FILE" DATA_DIR /var/lib/tyre-booking
  if [[ -n $DATABASE_URL_VALUE ]]; then env_set "$ENV_FILE" DATABASE_URL "$DATABASE_URL_VALUE"; fi
  if [[ -n $DATABASE_MIGRATION_URL_VALUE ]]; then
    env_set "$ENV_FILE" DATABASE_MIGRATION_URL "$DATABASE_MIGRATION_URL_VALUE"
  fi
  if [[ -z $(env_get "$ENV_FILE" FILE_STORAGE) ]]; then env_set "$ENV_FILE" FILE_STORAGE local; fi
  ensure_secrets_key
  for key in "${SECRET_KEYS[@]}"; do
    if [[ -n ${SECRET[$key]:-} ]]; then env_set "$ENV_FILE" "$key" "${SECRET[$key]}"; fi
  done
  chmod 0600 "$ENV_FILE"
  run chown root:root "$CONF_DIR" "$ENV_FILE"
  for ((n = 1; n <= INSTANCES; n++)); do
    FILE_CHANGED=0
    write_file "$CONF_DIR/instance-$n.env" 0600 <<EOF
# Instance $n of tyre-booking@.service (docs/deploying.md), written by deploy/install.sh.
PORT=$((5000 + n))
INSTANCE_NAME=app-$n
EOF
    if [[ $FILE_CHANGED == 1 ]]; then ENV_CHANGED=1; fi
    run chown root:root "$CONF_DIR/instance-$n.env"
  done
  say "Settings: $ENV_FILE and instance-1..$INSTANCES.env (0600, root)"
}

write_unit() {
  FILE_CHANGED=0
  write_file "$DEPLOY_ROOT/etc/systemd/system/tyre-booking@.service" 0644 <"$DEPLOY_SCRIPTS_DIR/tyre-booking.service"
  UNIT_CHANGED=$FILE_CHANGED
  run systemctl daemon-reload
}

# /srv/tyre-booking/{repo,releases}: the repository upgrades fetch into, the releases built from it.
prepare_layout() {
  local origin
  mkdir -p "$RELEASES_DIR"
  chmod 0755 "$APP_DIR" "$RELEASES_DIR"
  if [[ $SOURCE_DIR != "$REPO_DIR" && ! -e $REPO_DIR ]]; then
    run git -c safe.directory="$SOURCE_DIR" clone --quiet "$SOURCE_DIR" "$REPO_DIR"
    origin=$(git -c safe.directory="$SOURCE_DIR" -C "$SOURCE_DIR" remote get-url origin 2>/dev/null || true)
    if [[ -n $origin ]]; then run git -C "$REPO_DIR" remote set-url origin "$origin"; fi
  fi
}

build_first_release() {
  local commit
  if [[ -n $(current_release) ]]; then
    say "Current release: $(current_release) (newer ones: deploy/upgrade.sh <git-ref>)"
    return 0
  fi
  commit=$(git -c safe.directory="$SOURCE_DIR" -C "$SOURCE_DIR" rev-parse HEAD)
  if [[ -n $(git -c safe.directory="$SOURCE_DIR" -C "$SOURCE_DIR" status --porcelain --untracked-files=no 2>/dev/null) ]]; then
    warn "$SOURCE_DIR has changes not committed: the release is commit $commit without them"
  fi
  if ! repo_git cat-file -e "$commit^{commit}" 2>/dev/null; then
    run repo_git fetch --quiet "$SOURCE_DIR" HEAD
  fi
  if [[ $DRY_RUN == 1 ]]; then
    say "+ build a release of $commit in $RELEASES_DIR/<time>-<version>: git archive, npm ci and npm run build as $APP_USER"
    return 0
  fi
  make_release "$commit" "$(git -c safe.directory="$SOURCE_DIR" -C "$SOURCE_DIR" describe --tags --always "$commit")" ||
    die "the build failed (above); nothing is running yet: fix it and run install.sh again"
  seal_release "$RELEASES_DIR/$NEW_RELEASE" || die "could not give release $NEW_RELEASE to root"
  point_link current "$NEW_RELEASE"
  say "current -> releases/$NEW_RELEASE"
}

instance_active() { [[ $DRY_RUN != 1 ]] && systemctl is-active --quiet "tyre-booking@$1"; }

# tyre-booking@1..N enabled and answering.
start_instances() {
  local n restarts
  for ((n = 1; n <= INSTANCES; n++)); do
    run systemctl enable --quiet "tyre-booking@$n"
    restarts=$(instance_restarts "$n")
    if instance_active "$n"; then
      if [[ $ENV_CHANGED == 1 || $UNIT_CHANGED == 1 ]]; then
        # One at a time, as upgrade.sh does: the others serve meanwhile.
        if ((n > 1)); then sleep "$SETTLE_SECONDS"; fi
        say "Restarting tyre-booking@$n (its settings or unit changed)"
        restart_instance "$n"
      fi
    else
      say "Starting tyre-booking@$n on port $(instance_port "$n")"
      run systemctl start "tyre-booking@$n"
    fi
    wait_healthy "$n" "$restarts" || die "tyre-booking@$n did not answer http://127.0.0.1:$(instance_port "$n")/healthz within $HEALTH_TIMEOUT s: journalctl -u tyre-booking@$n -n 100"
  done
}

# An instance left from a larger --instances: stopped and removed once nginx no longer names it.
stop_extra_instances() {
  local n
  for n in $(instance_numbers); do
    if ((n > INSTANCES)); then
      run systemctl disable --now "tyre-booking@$n"
      rm -f "$CONF_DIR/instance-$n.env"
    fi
  done
}

have_ufw() { command -v ufw >/dev/null 2>&1; }

# Only SSH, HTTP and HTTPS come in: ufw when the machine has it (Ubuntu), else an nftables table of
# our own, loaded now and at boot (/etc/nftables.conf includes it).
setup_firewall() {
  local conf=$DEPLOY_ROOT/etc/nftables.conf include='include "/etc/tyre-booking/firewall.nft"'
  if have_ufw; then
    say "Firewall (ufw): 22, 80 and 443 in, nothing else"
    run ufw allow 22/tcp
    run ufw allow 80/tcp
    run ufw allow 443/tcp
    run ufw default deny incoming
    run ufw default allow outgoing
    run ufw --force enable
    return 0
  fi
  say "Firewall (nftables, table inet tyre_booking): 22, 80 and 443 in, nothing else"
  write_file "$CONF_DIR/firewall.nft" 0644 <<'EOF'
#!/usr/sbin/nft -f
# Written by deploy/install.sh (docs/deploying.md): the machine takes SSH, HTTP and HTTPS only; the
# app instances listen on 127.0.0.1. /etc/nftables.conf includes it at boot; `nft -f` it to reload.
table inet tyre_booking
delete table inet tyre_booking
table inet tyre_booking {
	chain input {
		type filter hook input priority 0; policy drop;
		ct state established,related accept
		ct state invalid drop
		iifname "lo" accept
		meta l4proto { icmp, ipv6-icmp } accept
		tcp dport { 22, 80, 443 } accept
	}
}
EOF
  if [[ ! -e $conf ]]; then printf '#!/usr/sbin/nft -f\n' | write_file "$conf" 0755; fi
  if ! grep -qxF -- "$include" "$conf"; then printf '%s\n' "$include" >>"$conf"; fi
  run nft -f "$CONF_DIR/firewall.nft"
  run systemctl enable --quiet nftables
}

# deploy/nginx-bootstrap.conf or deploy/nginx-site.conf for this domain and instance count.
render_site() {
  awk -v domain="$DOMAIN" -v instances="$INSTANCES" '
    /^[[:space:]]*server 127\.0\.0\.1:[0-9]+ / {
      if (!done) for (i = 1; i <= instances; i++) printf "    server 127.0.0.1:%d max_fails=1 fail_timeout=2s;\n", 5000 + i
      done = 1
      next
    }
    { gsub(/tyres\.example\.com\.au/, domain); print }
  ' "$1"
}

nginx_check_and_reload() { run nginx -t -q && run systemctl reload-or-restart nginx; }

# Port 80 with the ACME webroot and the app, before any certificate exists.
enable_bootstrap_site() {
  mkdir -p "$DEPLOY_ROOT/var/www/certbot"
  chmod 0755 "$DEPLOY_ROOT/var/www/certbot"
  render_site "$DEPLOY_SCRIPTS_DIR/nginx-bootstrap.conf" |
    write_file "$DEPLOY_ROOT/etc/nginx/sites-available/tyre-booking-bootstrap" 0644
  mkdir -p "$DEPLOY_ROOT/etc/nginx/sites-enabled"
  rm -f "$DEPLOY_ROOT/etc/nginx/sites-enabled/tyre-booking"
  ln -sfn /etc/nginx/sites-available/tyre-booking-bootstrap "$DEPLOY_ROOT/etc/nginx/sites-enabled/tyre-booking-bootstrap"
  run systemctl enable --quiet --now nginx
  if ! nginx_check_and_reload; then
    rm -f "$DEPLOY_ROOT/etc/nginx/sites-enabled/tyre-booking-bootstrap"
    die "nginx refused the bootstrap site (above)"
  fi
  say "nginx: http://$DOMAIN (bootstrap site, until the certificate)"
}

obtain_certificate() {
  write_file "$DEPLOY_ROOT/etc/letsencrypt/renewal-hooks/deploy/reload-nginx" 0755 <<'EOF'
#!/bin/sh
# Written by deploy/install.sh (docs/deploying.md): after certbot renews a certificate, nginx
# serves the new one.
exec systemctl reload nginx
EOF
  if has_certificate; then
    say "Certificate for $DOMAIN: present (certbot.timer renews it)"
    return 0
  fi
  run certbot certonly --webroot -w /var/www/certbot -d "$DOMAIN" --cert-name "$DOMAIN" --email "$EMAIL" \
    --agree-tos --no-eff-email --non-interactive --keep-until-expiring ||
    die "certbot could not get a certificate for $DOMAIN (above); the site answers on http meanwhile. Run install.sh again once the cause is fixed."
}

enable_tls_site() {
  local enabled=$DEPLOY_ROOT/etc/nginx/sites-enabled
  render_site "$DEPLOY_SCRIPTS_DIR/nginx-site.conf" | write_file "$DEPLOY_ROOT/etc/nginx/sites-available/tyre-booking" 0644
  mkdir -p "$enabled"
  ln -sfn /etc/nginx/sites-available/tyre-booking "$enabled/tyre-booking"
  rm -f "$enabled/tyre-booking-bootstrap"
  if ! nginx_check_and_reload; then
    rm -f "$enabled/tyre-booking"
    ln -sfn /etc/nginx/sites-available/tyre-booking-bootstrap "$enabled/tyre-booking-bootstrap"
    run systemctl reload nginx || true
    die "nginx refused the TLS site (above); the bootstrap site serves http meanwhile"
  fi
  say "nginx: https://$DOMAIN"
}

summary() {
  say ''
  say "Done: https://$DOMAIN"
  say "  First sign-in: the owner's account is made at https://$DOMAIN/dashboard with the one-time setup code"
  say "  the instances printed: journalctl -u 'tyre-booking@*' | grep 'setup code'"
  say "  Settings: $ENV_FILE (restart the instances after an edit: docs/deploying.md)"
  say "  Upgrade: sudo $APP_DIR/current/deploy/upgrade.sh <git-ref>; back: sudo $APP_DIR/current/deploy/rollback.sh"
  if [[ $DRY_RUN == 1 ]]; then say "  (dry run: nothing on this machine was changed; the files are under $DEPLOY_ROOT)"; fi
}

install_main() {
  parse_args "$@"
  # Checks first: a refusal leaves the machine as it was.
  require_root "$@"
  check_os
  check_layout
  collect_settings
  check_domain_and_email
  collect_secrets
  check_ssh_port
  # A dry run checks it too: it shows what a real run would do, refusal included.
  check_domain_resolves "$DOMAIN"
  confirm_plan

  take_deploy_lock
  install_packages
  install_node
  create_app_user
  setup_database
  write_env_files
  setup_backups
  write_unit
  prepare_layout
  build_first_release
  start_instances
  first_backup
  setup_firewall
  if ! has_certificate; then
    enable_bootstrap_site
  fi
  obtain_certificate
  enable_tls_site
  stop_extra_instances
  summary
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then install_main "$@"; fi
