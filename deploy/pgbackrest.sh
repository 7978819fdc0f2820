# shellcheck shell=bash
# PostgreSQL's backups through pgBackRest (docs/deploying.md "Backups",
# docs/decisions/403-pgbackrest-backups.md): every WAL segment archived as it fills and at least once a
# minute, a base backup every night, the repository encrypted (aes-256-cbc) on this disk or in an S3
# bucket. Sourced by deploy/install.sh (setup_backups), deploy/backup-nightly.sh and
# `npm run drill:restore` (which writes its throwaway cluster's settings with the same functions);
# needs deploy/releases.sh sourced first.

BACKUP_STANZA=tyres
# BACKUP_REPO_DIR and BACKUP_FILES_DIR: this machine's copies when no S3 bucket is set.
BACKUP_REPO_DIR=${BACKUP_REPO_DIR:-/var/lib/pgbackrest}
BACKUP_FILES_DIR=${BACKUP_FILES_DIR:-/var/backups/tyre-booking/files}
# The S3 bucket backups leave the machine to (all optional; BACKUP_S3_BUCKET turns it on). pgBackRest
# speaks only https to S3: BACKUP_S3_ENDPOINT is https://host[:port], or empty for AWS in BACKUP_S3_REGION.
BACKUP_S3_KEYS=(BACKUP_S3_BUCKET BACKUP_S3_REGION BACKUP_S3_ENDPOINT BACKUP_S3_PATH_STYLE BACKUP_S3_ACCESS_KEY_ID BACKUP_S3_SECRET_ACCESS_KEY)
# Full base backups kept (one a week, decision 403): a restore can reach any minute since the oldest.
BACKUP_RETENTION_FULL=${BACKUP_RETENTION_FULL:-4}
# A WAL segment is archived when it fills or after this many seconds with writes in it: the window of
# writes a lost disk can take with it (with the archive command's own time).
BACKUP_ARCHIVE_TIMEOUT=${BACKUP_ARCHIVE_TIMEOUT:-60}

# Checks the BACKUP_S3_* values (from the environment or the env file, through `backup_value`).
check_backup_s3() {
  local bucket endpoint key secret
  bucket=$(backup_value BACKUP_S3_BUCKET)
  endpoint=$(backup_value BACKUP_S3_ENDPOINT)
  key=$(backup_value BACKUP_S3_ACCESS_KEY_ID)
  secret=$(backup_value BACKUP_S3_SECRET_ACCESS_KEY)
  if [[ -z $bucket ]]; then
    if [[ -n $endpoint$key$secret ]]; then die "BACKUP_S3_BUCKET is needed with the other BACKUP_S3_* settings"; fi
    return 0
  fi
  [[ $bucket =~ ^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$ ]] || die "BACKUP_S3_BUCKET '$bucket' is not an S3 bucket name"
  if [[ -n $endpoint && ! $endpoint =~ ^https://[A-Za-z0-9.-]+(:[0-9]+)?/?$ ]]; then
    die "BACKUP_S3_ENDPOINT must be https://host or https://host:port (pgBackRest speaks only https to S3), not '$endpoint'"
  fi
  [[ -n $key && -n $secret ]] || die "BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY are needed with BACKUP_S3_BUCKET"
  if [[ $key$secret == *$'\n'* ]]; then die "the BACKUP_S3 keys may not hold a line break"; fi
}

# The value a BACKUP_S3_* key has: install.sh's secret_value (given now, else the env file's); the
# drill sets the variables themselves.
backup_value() {
  if declare -F secret_value >/dev/null; then secret_value "$1"; else printf '%s' "${!1:-}"; fi
}

# pgBackRest's settings. Reads BACKUP_CIPHER_PASS, PG_DATA_DIR and the BACKUP_S3_* values.
pgbackrest_conf() {
  local bucket endpoint host port region path_style
  bucket=$(backup_value BACKUP_S3_BUCKET)
  cat <<EOF
# Written by deploy/install.sh (docs/deploying.md "Backups", docs/decisions/403-pgbackrest-backups.md).
# Owner root, group postgres, mode 0640: PostgreSQL reads it to archive each WAL segment; nobody else
# can. repo1-cipher-pass encrypts the repository: without it no backup can be restored, so keep a copy
# of it off this machine (a password manager). install.sh keeps it on every run.
[global]
repo1-cipher-type=aes-256-cbc
repo1-cipher-pass=$BACKUP_CIPHER_PASS
repo1-retention-full=$BACKUP_RETENTION_FULL
compress-type=zst
start-fast=y
log-level-console=info
log-level-file=detail
EOF
  if [[ -n $bucket ]]; then
    endpoint=$(backup_value BACKUP_S3_ENDPOINT)
    region=$(backup_value BACKUP_S3_REGION)
    region=${region:-ap-southeast-2}
    path_style=$(backup_value BACKUP_S3_PATH_STYLE)
    host=${endpoint#https://}
    host=${host%/}
    port=''
    if [[ $host == *:* ]]; then
      port=${host##*:}
      host=${host%:*}
    fi
    host=${host:-s3.$region.amazonaws.com}
    printf '%s\n' "repo1-type=s3" "repo1-path=/pgbackrest" "repo1-s3-bucket=$bucket" "repo1-s3-endpoint=$host" \
      "repo1-s3-region=$region" "repo1-s3-key=$(backup_value BACKUP_S3_ACCESS_KEY_ID)" \
      "repo1-s3-key-secret=$(backup_value BACKUP_S3_SECRET_ACCESS_KEY)"
    if [[ -n $port ]]; then printf 'repo1-storage-port=%s\n' "$port"; fi
    if [[ $path_style =~ ^(1|true|yes)$ ]]; then printf 'repo1-s3-uri-style=path\n'; fi
  else
    printf 'repo1-path=%s\n' "$BACKUP_REPO_DIR"
  fi
  printf '\n[%s]\npg1-path=%s\n' "$BACKUP_STANZA" "$PG_DATA_DIR"
}

# PostgreSQL's side: archive every WAL segment through pgBackRest (a file in the cluster's conf.d).
postgres_archive_conf() {
  cat <<EOF
# Written by deploy/install.sh (docs/deploying.md "Backups"): each WAL segment goes to pgBackRest's
# encrypted repository as it fills, or after $BACKUP_ARCHIVE_TIMEOUT s with writes in it, so a lost disk loses
# about a minute of bookings and payments at most. Changing archive_mode needs a restart.
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --stanza=$BACKUP_STANZA archive-push %p'
archive_timeout = $BACKUP_ARCHIVE_TIMEOUT
EOF
}

# The passphrase already in pgBackRest's settings, else a new one (64 hex digits): never changed,
# since the backups already made can be opened with it only.
backup_cipher_pass() {
  local pass=''
  PGBACKREST_CONF=$DEPLOY_ROOT/etc/pgbackrest/pgbackrest.conf
  if [[ -r $PGBACKREST_CONF ]]; then
    pass=$(sed -n 's/^repo1-cipher-pass=//p' "$PGBACKREST_CONF" | tail -n 1)
  fi
  if [[ -z $pass ]]; then pass=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n'); fi
  printf '%s' "$pass"
}

# The local cluster's version and data folder (Debian's pg_lsclusters: "15 main 5432 online postgres
# /var/lib/postgresql/15/main ..."); the first cluster when there are several.
postgres_cluster() {
  local line
  line=$(pg_lsclusters --no-header 2>/dev/null | awk '$2 == "main" { print; exit }') || true
  if [[ -z $line ]]; then line=$(pg_lsclusters --no-header 2>/dev/null | head -n 1) || true; fi
  # A dry run on a machine without PostgreSQL yet: Debian 12's cluster, as apt-get would make it.
  if [[ -z $line && $DRY_RUN == 1 ]]; then line='15 main 5432 down postgres /var/lib/postgresql/15/main'; fi
  [[ -n $line ]] || die "no PostgreSQL cluster found (pg_lsclusters): is the postgresql package installed?"
  PG_MAJOR=$(awk '{ print $1 }' <<<"$line")
  PG_CLUSTER=$(awk '{ print $2 }' <<<"$line")
  PG_DATA_DIR=$(awk '{ print $6 }' <<<"$line")
}

pgbackrest_as_postgres() { run runuser -u postgres -- pgbackrest --stanza="$BACKUP_STANZA" "$@"; }

# The settings, WAL archiving, the stanza and the nightly timer (docs/deploying.md "Backups").
setup_backups() {
  local conf_dir archive_conf archive_changed s3_bucket
  if [[ -z $DATABASE_URL_VALUE ]]; then
    say "Backups: DATABASE_URL names another server, so pgBackRest is not set up here (back that server up where it runs)"
    return 0
  fi
  PGBACKREST_CONF=$DEPLOY_ROOT/etc/pgbackrest/pgbackrest.conf
  postgres_cluster
  BACKUP_CIPHER_PASS=$(backup_cipher_pass)
  conf_dir=$(dirname "$PGBACKREST_CONF")
  mkdir -p "$conf_dir"
  pgbackrest_conf | write_file "$PGBACKREST_CONF" 0640
  chmod 0750 "$conf_dir"
  run chown root:postgres "$conf_dir" "$PGBACKREST_CONF"
  s3_bucket=$(backup_value BACKUP_S3_BUCKET)
  if [[ -z $s3_bucket ]]; then run install -d -o postgres -g postgres -m 0750 "$DEPLOY_ROOT$BACKUP_REPO_DIR"; fi
  run install -d -o postgres -g postgres -m 0750 "$DEPLOY_ROOT/var/log/pgbackrest" "$DEPLOY_ROOT/var/spool/pgbackrest"
  run install -d -o "$APP_USER" -g "$APP_USER" -m 0750 "$DEPLOY_ROOT$BACKUP_FILES_DIR"

  archive_conf=$DEPLOY_ROOT/etc/postgresql/$PG_MAJOR/$PG_CLUSTER/conf.d/tyre-booking-backup.conf
  FILE_CHANGED=0
  # Not in a pipe: write_file's FILE_CHANGED must reach this shell.
  write_file "$archive_conf" 0644 < <(postgres_archive_conf)
  archive_changed=$FILE_CHANGED
  run chown postgres:postgres "$archive_conf"
  if [[ $archive_changed == 1 ]]; then
    say "PostgreSQL: WAL archiving on ($archive_conf); restarting PostgreSQL for archive_mode"
    run systemctl restart "postgresql@$PG_MAJOR-$PG_CLUSTER"
    wait_for_postgres
  fi
  # Both are safe to run again: an existing stanza is checked, not remade.
  pgbackrest_as_postgres stanza-create || die "pgBackRest could not create the stanza (above): check $PGBACKREST_CONF"
  pgbackrest_as_postgres check || die "pgBackRest's check failed (above): WAL archiving does not reach the repository"
  if [[ -n $s3_bucket ]]; then
    say "Backups: PostgreSQL archived to s3://$s3_bucket/pgbackrest (encrypted), photos and PDFs copied to s3://$s3_bucket/files"
  else
    say "Backups: PostgreSQL archived to $BACKUP_REPO_DIR (encrypted), photos and PDFs copied to $BACKUP_FILES_DIR; set BACKUP_S3_* to send them off this machine"
  fi
  say "  The repository's passphrase is repo1-cipher-pass in /etc/pgbackrest/pgbackrest.conf: keep a copy off this machine"

  FILE_CHANGED=0
  write_file "$DEPLOY_ROOT/etc/systemd/system/tyre-booking-backup.service" 0644 <"$DEPLOY_SCRIPTS_DIR/tyre-booking-backup.service"
  write_file "$DEPLOY_ROOT/etc/systemd/system/tyre-booking-backup.timer" 0644 <"$DEPLOY_SCRIPTS_DIR/tyre-booking-backup.timer"
  if [[ $FILE_CHANGED == 1 ]]; then run systemctl daemon-reload; fi
  run systemctl enable --quiet tyre-booking-backup.timer
  run systemctl start tyre-booking-backup.timer
}

# The first base backup, once the release that records it is in place: without it no restore is
# possible until the first night.
first_backup() {
  if [[ -z $DATABASE_URL_VALUE ]]; then return 0; fi
  if [[ -e $DEPLOY_ROOT/var/lib/tyre-booking/last-backup.json ]]; then return 0; fi
  say "Backups: the first base backup runs now (journalctl -u tyre-booking-backup)"
  run systemctl start --no-block tyre-booking-backup.service
}

wait_for_postgres() {
  local tries=0
  if [[ $DRY_RUN == 1 ]]; then return 0; fi
  until runuser -u postgres -- pg_isready -q; do
    tries=$((tries + 1))
    ((tries < 30)) || die "PostgreSQL did not start: systemctl status postgresql"
    sleep 1
  done
}
