# stdlib 8.5.0 ships this file without a definition (its Stdlib::Compat::Re is commented out).
