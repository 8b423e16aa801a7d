# facts: debian
# CAS and OpenID Connect authentication fragments.
class { 'apache': }
class { 'apache::mod::auth_cas':
  cas_login_url             => 'https://cas.example.com/login',
  cas_validate_url          => 'https://cas.example.com/validate',
  cas_validate_depth        => 2,
  cas_certificate_path      => '/etc/ssl/certs/ca.pem',
  cas_proxy_validate_url    => 'https://cas.example.com/proxyValidate',
  cas_root_proxied_as       => 'https://www.example.com',
  cas_cookie_entropy        => 32,
  cas_timeout               => 7200,
  cas_idle_timeout          => 3600,
  cas_cache_clean_interval  => 1800,
  cas_cookie_domain         => 'example.com',
  cas_cookie_http_only      => 'On',
  cas_authoritative         => 'Off',
  cas_validate_saml         => true,
  cas_sso_enabled           => true,
  cas_attribute_prefix      => 'CAS_',
  cas_attribute_delimiter   => ';',
  cas_scrub_request_headers => true,
}
apache::vhost { 'cas.example.com':
  port                      => 80,
  docroot                   => '/var/www/cas',
  cas_login_url             => 'https://cas.example.com/vhost-login',
  cas_validate_url          => 'https://cas.example.com/vhost-validate',
  cas_root_proxied_as       => 'https://cas.example.com',
  cas_sso_enabled           => true,
  cas_validate_saml         => true,
  cas_attribute_prefix      => 'X_',
  cas_attribute_delimiter   => ',',
  cas_scrub_request_headers => true,
}
apache::vhost { 'oidc.example.com':
  port          => 80,
  docroot       => '/var/www/oidc',
  auth_oidc     => true,
  oidc_settings => {
    'ProviderMetadataURL' => 'https://login.example.com/.well-known/openid-configuration',
    'ClientID'            => 'test',
    'RedirectURI'         => 'https://oidc.example.com/protected/redirect_uri',
    'ProviderTokenEndpointAuth' => 'client_secret_basic',
    'RemoteUserClaim'     => 'sub',
    'ClientSecret'        => 'aae053a9-4abf-4824-8956-e94b2af335c8',
    'CryptoPassphrase'    => '4ad1bb46-9979-450e-ae58-c696967df3cd',
  },
}
