//! A value as Ruby's Psych writes it (`to_yaml`): what `puppet lookup` prints by default. The
//! engine's writer does it (`puppet_core::psych_yaml`, the one stdlib's `to_yaml` uses); a value
//! Psych would tag as a Ruby object (not data: Hiera does not give one) is printed as its text.

use puppet_core::Value;

/// `value.to_yaml`: a document (`--- ...`), ending in a newline.
pub fn to_yaml(value: &Value) -> String {
    puppet_core::psych_yaml(value)
        .unwrap_or_else(|| format!("--- {}\n", puppet_core::value::interpolate(value)))
}
