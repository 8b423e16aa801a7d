//! The evaluator as the Ruby interpreter's host: itself as the function host templates and
//! modules' Ruby reach the evaluation through, with the Ruby side's state of the run.

use super::evaluator::Evaluator;
use crate::erb::{RubyHost, RubyRun};
use crate::host::FunctionHost;

impl RubyHost for Evaluator<'_> {
    #[inline]
    fn host(&mut self) -> &mut dyn FunctionHost {
        self
    }

    #[inline]
    fn ruby(&mut self) -> &mut RubyRun {
        &mut self.ruby.run
    }
}
