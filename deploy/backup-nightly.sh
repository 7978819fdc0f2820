#!/usr/bin/env bash
# The nightly backup, run as root by tyre-booking-backup.service (deploy/install.sh installs it and its
# timer; docs/deploying.md "Backups", docs/decisions/403-pgbackrest-backups.md):
#
#   sudo systemctl start tyre-booking-backup     # one now; journalctl -u tyre-booking-backup says how it went
#
# 1. pgBackRest's base backup of PostgreSQL, as postgres, while every instance keeps serving: full on
#    Sundays (Perth), differential (what changed since the last full) on the other nights. WAL is
#    archived all day by PostgreSQL itself; a restore replays it to the chosen minute.
# 2. The photos and invoice PDFs not yet copied, to the backup bucket or folder, as tyres
#    (npm run backup:files), and the backup recorded in DATA_DIR/last-backup.json for Settings -> System.
#
# Options: --type full|diff|incr (instead of the night's). Test mode: DEPLOY_ROOT=<folder> prints the
# commands instead of running them (deploy/releases.sh).
set -euo pipefail
umask 027

DEPLOY_SCRIPTS_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
# shellcheck source=deploy/releases.sh
source "$DEPLOY_SCRIPTS_DIR/releases.sh"
# shellcheck source=deploy/pgbackrest.sh
source "$DEPLOY_SCRIPTS_DIR/pgbackrest.sh"

# Where the repository is, for the record: s3://bucket/pgbackrest or the folder.
repository_name() {
  local conf=$DEPLOY_ROOT/etc/pgbackrest/pgbackrest.conf bucket
  bucket=$(sed -n 's/^repo1-s3-bucket=//p' "$conf" 2>/dev/null | tail -n 1)
  if [[ -n $bucket ]]; then
    printf 's3://%s/pgbackrest' "$bucket"
  else
    sed -n 's/^repo1-path=//p' "$conf" 2>/dev/null | tail -n 1
  fi
}

night_type() {
  if [[ $(TZ=Australia/Perth date +%u) == 7 ]]; then printf 'full'; else printf 'diff'; fi
}

backup_nightly_main() {
  local type=''
  while (($# > 0)); do
    case $1 in
      --type)
        (($# >= 2)) || die "--type needs full, diff or incr"
        type=$2
        shift
        ;;
      --type=*) type=${1#*=} ;;
      *) die "unknown argument: $1 (usage: backup-nightly.sh [--type full|diff|incr])" ;;
    esac
    shift
  done
  deploy_paths
  require_root
  type=${type:-$(night_type)}
  [[ $type =~ ^(full|diff|incr)$ ]] || die "--type must be full, diff or incr, not '$type'"
  [[ -e $DEPLOY_ROOT/etc/pgbackrest/pgbackrest.conf ]] ||
    die "no /etc/pgbackrest/pgbackrest.conf: run deploy/install.sh, which sets up the backups"

  # pgBackRest makes a full backup by itself when the repository has none yet.
  say "pgBackRest: $type backup of stanza $BACKUP_STANZA (the instances keep serving)"
  pgbackrest_as_postgres --type="$type" backup || die "the pgBackRest backup failed (above); the last good one stays"

  say "Photos and invoice PDFs, and the record for Settings -> System"
  if [[ $DRY_RUN == 1 ]]; then
    say "+ runuser -u postgres -- pgbackrest --stanza=$BACKUP_STANZA --output=json info | runuser -u $APP_USER -- node_modules/.bin/tsx scripts/backup-files.ts --pgbackrest-info - --repository $(repository_name)"
    return 0
  fi
  cd "$APP_DIR/current"
  runuser -u postgres -- pgbackrest --stanza="$BACKUP_STANZA" --output=json info |
    runuser -u "$APP_USER" -- node_modules/.bin/tsx scripts/backup-files.ts --pgbackrest-info - \
      --repository "$(repository_name)" --stanza "$BACKUP_STANZA" ||
    die "the database is backed up, but copying the files or recording the backup failed (above)"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then backup_nightly_main "$@"; fi
