// The environment folder of web/e2e/hiera.test.mjs: a class whose parameters come from Hiera (per OS family, then common) and an EPP template with facts; and a data file with a YAML error on line 3.
export const FOLDER = {
  'hiera.yaml': "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: 'Per OS family'\n    path: 'os/%{facts.os.family}.yaml'\n  - name: 'Common data'\n    path: 'common.yaml'\n",
  'data/common.yaml': "---\nmotd::message: 'Welcome'\nmotd::owner: 'root'\n",
  'data/os/Debian.yaml': "---\n# Debian and Ubuntu nodes\nmotd::message: 'Welcome to Debian'\n",
  'data/os/RedHat.yaml': "---\nmotd::message: 'Welcome to Red Hat'\nmotd::owner: 'adm'\n",
  'manifests/site.pp': "include motd\n",
  'modules/motd/manifests/init.pp': "class motd (\n  String $message,\n  String $owner = 'nobody',\n) {\n  file { '/etc/motd':\n    owner   => $owner,\n    content => epp('motd/motd.epp', { 'message' => $message }),\n  }\n}\n",
  'modules/motd/templates/motd.epp': "<%- | String $message | -%>\n<%= $message %> (<%= $facts['os']['family'] %>, <%= $facts['networking']['fqdn'] %>)\n",
};
export const BROKEN_DEBIAN = "---\n# Debian and Ubuntu nodes\nmotd::message: 'Welcome to Debian\nmotd::owner: [root\n";
/** A global layer for the folder, at the page's reserved path: it comes before the environment's data. */
export const GLOBAL = {
  '@global/hiera.yaml': "version: 5\nhierarchy:\n  - name: 'Site-wide'\n    path: 'site.yaml'\n",
  '@global/data/site.yaml': "---\nmotd::owner: 'operator'\n",
};
