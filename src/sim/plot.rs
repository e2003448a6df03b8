//! Pictures of a Monte Carlo run: the game-length distribution and the win
//! share by seat, one series per side in a what-if, as SVG (plotters' SVG
//! backend: text is left to the viewer's fonts, nothing is rasterised).

use super::monte_carlo::Totals;
use plotters::prelude::*;

/// Why a plot could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct PlotError(String);

fn failed(err: impl std::fmt::Display) -> PlotError {
    PlotError(err.to_string())
}

/// The sides drawn: a name and the totals.
type Sides<'a> = Vec<(&'static str, &'a Totals, RGBColor)>;

/// A chart with real numbers on both axes.
type Chart<'a, DB> = ChartContext<
    'a,
    DB,
    plotters::coord::cartesian::Cartesian2d<
        plotters::coord::types::RangedCoordf64,
        plotters::coord::types::RangedCoordf64,
    >,
>;

/// Length bins: about 40 between the shortest and the longest game.
const BINS: i64 = 40;

/// The SVG of a run (`amended`: the other side of a what-if).
///
/// # Errors
/// When plotters fails to lay out the chart.
pub fn svg(base: &Totals, amended: Option<&Totals>) -> Result<String, PlotError> {
    let mut sides: Sides = vec![(if amended.is_some() { "base" } else { "games" }, base, BLUE)];
    if let Some(amended) = amended {
        sides.push(("amended", amended, RED));
    }
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (1000, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let (left, right) = root.split_horizontally(560);
        lengths(&left, &sides)?;
        seats(&right, &sides)?;
        root.present().map_err(failed)?;
    }
    Ok(out)
}

#[allow(clippy::cast_precision_loss)]
fn lengths<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    sides: &Sides,
) -> Result<(), PlotError> {
    let lows = sides
        .iter()
        .filter_map(|s| s.1.lengths.counts.keys().next().copied());
    let highs = sides
        .iter()
        .filter_map(|s| s.1.lengths.counts.keys().next_back().copied());
    let (low, high) = (lows.min().unwrap_or(0), highs.max().unwrap_or(1));
    let width = ((high - low) / BINS + 1).max(1);
    let binned = |t: &Totals| -> Vec<(f64, f64)> {
        let mut bins = vec![0u64; usize::try_from((high - low) / width + 1).unwrap_or(1)];
        for (value, count) in &t.lengths.counts {
            bins[usize::try_from((value - low) / width).unwrap_or(0)] += count;
        }
        let games = t.games.max(1) as f64;
        bins.iter()
            .enumerate()
            .map(|(i, c)| {
                (
                    (low + width * i as i64) as f64 + width as f64 / 2.0,
                    *c as f64 / games,
                )
            })
            .collect()
    };
    let series: Vec<_> = sides
        .iter()
        .map(|(name, t, colour)| (*name, binned(t), *colour))
        .collect();
    let top = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.1))
        .fold(0.0, f64::max)
        .max(0.01)
        * 1.1;
    let mut chart = chart(area, "Game length", low as f64..(high + width) as f64, top)?;
    chart
        .configure_mesh()
        .x_desc("turns")
        .y_desc("share of games")
        .draw()
        .map_err(failed)?;
    for (name, points, colour) in series {
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))
            .map_err(failed)?
            .label(format!("{name}: game length"))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    legend(&mut chart)
}

#[allow(clippy::cast_precision_loss, clippy::cast_possible_wrap)]
fn seats<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    sides: &Sides,
) -> Result<(), PlotError> {
    let seats = sides[0].1.wins.len();
    let top = sides
        .iter()
        .flat_map(|s| (0..seats).map(|k| s.1.share(k).0))
        .fold(0.0, f64::max)
        .max(0.01)
        * 1.15;
    let mut chart = chart(area, "Win share by seat", 0.5..seats as f64 + 0.5, top)?;
    chart
        .configure_mesh()
        .x_desc("seat (turn order)")
        .y_desc("share of games won")
        .x_labels(seats.min(16))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(failed)?;
    let n = sides.len() as f64;
    for (i, (name, totals, colour)) in sides.iter().enumerate() {
        let colour = *colour;
        let offset = -0.4 + 0.8 * i as f64 / n;
        chart
            .draw_series((0..seats).map(|k| {
                let x = k as f64 + 1.0 + offset;
                Rectangle::new(
                    [(x, 0.0), (x + 0.8 / n, totals.share(k).0)],
                    colour.filled(),
                )
            }))
            .map_err(failed)?
            .label(format!("{name}: win share"))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
    }
    legend(&mut chart)
}

/// A chart in `area` with its caption, the x range and the y range from
/// zero to `top`, and room for the axes' labels.
fn chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    x: std::ops::Range<f64>,
    top: f64,
) -> Result<Chart<'a, DB>, PlotError> {
    ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 20))
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(50)
        .build_cartesian_2d(x, 0.0..top)
        .map_err(failed)
}

/// Draws the chart's legend, one entry a series.
fn legend<'a, DB: DrawingBackend + 'a>(chart: &mut Chart<'a, DB>) -> Result<(), PlotError> {
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()
        .map_err(failed)
}

#[cfg(test)]
mod tests;
