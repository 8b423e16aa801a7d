# facts: redhat7
# PostgreSQL on RedHat 7: the systemd override of the service, and a recovery.conf (pg_hba.conf unmanaged:
# its rules come from a Ruby function of the module).
class { 'postgresql::server':
  manage_recovery_conf => true,
  manage_pg_hba_conf   => false,
}
postgresql::server::recovery { 'Create a recovery.conf file with the following defined parameters':
  restore_command           => 'cp /mnt/server/archivedir/%f %p',
  archive_cleanup_command   => 'pg_archivecleanup /mnt/server/archivedir %r',
  recovery_target_timeline  => 'latest',
  standby_mode              => 'on',
  primary_conninfo          => 'host=db1.example.com port=5432',
  recovery_target_inclusive => true,
  trigger_file              => '/tmp/trigger',
  recovery_min_apply_delay  => '5min',
}
