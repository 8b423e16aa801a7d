# A port only root may bind.
type Stdlib::Port::Privileged = Integer[1, 1023]
