//! The random players' rates as command-line options.

use nomic::sim::monte_carlo::{Behaviour, Rate};

const D: Behaviour = Behaviour::DEFAULT;

/// How often Monte Carlo's random players do what the rules let them do
/// (probabilities from 0 to 1; see `nomic help engine`)
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct Rates {
    /// Chance that an eligible voter misses a vote (I 306, IV 207: inactive)
    #[arg(long, value_name = "P", default_value_t = D.miss_vote, help_heading = "Random players")]
    pub miss_vote: Rate,
    /// Chance that the mover makes no proposal in their turn
    #[arg(long, value_name = "P", default_value_t = D.miss_proposal, help_heading = "Random players")]
    pub miss_proposal: Rate,
    /// Chance per turn that an active player declares inactivity (IV 207, V 206)
    #[arg(long, value_name = "P", default_value_t = D.leave, help_heading = "Random players")]
    pub leave: Rate,
    /// Chance per turn that an inactive player comes back (declares, or votes, where a rule allows)
    #[arg(long, value_name = "P", default_value_t = D.back, help_heading = "Random players")]
    pub come_back: Rate,
    /// Chance per turn that someone invokes Judgment
    #[arg(long, value_name = "P", default_value_t = D.judgment, help_heading = "Random players")]
    pub judgment: Rate,
    /// Queue rulesets: chance per turn that a player without a queued proposal creates one
    #[arg(long, value_name = "P", default_value_t = D.create, help_heading = "Random players")]
    pub create: Rate,
    /// Queue rulesets: chance per turn that a player endorses a queued proposal
    #[arg(long, value_name = "P", default_value_t = D.endorse, help_heading = "Random players")]
    pub endorse: Rate,
    /// Chance per turn that a person joins, where a rule allows it (IV 218, V 216); at most 8 a game
    #[arg(long, value_name = "P", default_value_t = D.join, help_heading = "Random players")]
    pub join: Rate,
}

impl Rates {
    /// The behaviour these options describe.
    pub(crate) fn behaviour(&self) -> Behaviour {
        Behaviour {
            miss_vote: self.miss_vote,
            miss_proposal: self.miss_proposal,
            leave: self.leave,
            back: self.come_back,
            judgment: self.judgment,
            create: self.create,
            endorse: self.endorse,
            join: self.join,
        }
    }
}
