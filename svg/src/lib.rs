//! A grouped bar chart on a log-scale y axis, written as plain SVG 1.1 (no dependency): one
//! group of bars per label, one colour per series, decade gridlines with their values, a legend,
//! and labels rotated under the axis. `suite-report` draws the global sectors of each kernel
//! (baseline, default, compulsory) with it, and `sharcc --report=FILE.svg` each kernel's bars;
//! one module for both, so that the two pictures read the same way.

#![warn(missing_docs)]

use std::fmt::Write as _;

/// One group: its label and one value per series (`None`: nothing to draw, e.g. a failed run).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Shown under the axis, rotated.
    pub label: String,
    /// One per series; zero draws no bar (log scale).
    pub values: Vec<Option<u64>>,
}

/// A chart.
#[derive(Clone, Debug, PartialEq)]
pub struct BarChart {
    /// Shown on top.
    pub title: String,
    /// The y axis's name.
    pub y_label: String,
    /// Each series' name and fill colour (any SVG colour).
    pub series: Vec<(String, String)>,
    /// The groups, left to right.
    pub groups: Vec<Group>,
    /// Bar widths and labels.
    pub style: Style,
}

/// How a chart draws its bars: `suite-report`'s many kernels want thin bars whose values show
/// on hover, `sharcc --report=FILE.svg`'s one kernel per chart wide bars with their numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Each bar's width.
    pub bar_width: f64,
    /// The plot's least width, whatever the number of groups.
    pub min_plot_width: f64,
    /// Whether each bar's value is written above it (always in its `<title>`).
    pub value_labels: bool,
    /// The plot's height.
    pub plot_height: f64,
}

impl Default for Style {
    fn default() -> Style {
        Style { bar_width: 7.0, min_plot_width: 360.0, value_labels: false, plot_height: 420.0 }
    }
}

/// The decades that span `[min, max]` (both positive): `(lo, hi)` with `10^lo <= min` and
/// `max <= 10^hi`, at least one decade apart.
pub fn decades(min: u64, max: u64) -> (u32, u32) {
    let floor_log = |v: u64| v.max(1).ilog10();
    let lo = floor_log(min);
    let mut hi = floor_log(max);
    if 10u64.checked_pow(hi).is_some_and(|p| p < max) {
        hi += 1;
    }
    (lo, hi.max(lo + 1))
}

/// `10^k` in short form: 1, 10, 100, 1k, 10k, 100k, 1M, ..., 1G, ..., 1T, then `1e15`.
pub fn decade_label(k: u32) -> String {
    const UNITS: [(u32, &str); 4] = [(12, "T"), (9, "G"), (6, "M"), (3, "k")];
    for (e, unit) in UNITS {
        if k >= e && k < e + 3 {
            return format!("{}{unit}", 10u64.pow(k - e));
        }
    }
    if k < 3 {
        10u64.pow(k).to_string()
    } else {
        format!("1e{k}")
    }
}

/// The y coordinate of `v` on a log axis from `10^lo` (at `bottom`) to `10^hi` (at `top`).
pub fn log_y(v: f64, lo: u32, hi: u32, top: f64, bottom: f64) -> f64 {
    let t = (v.max(1e-300).log10() - lo as f64) / (hi - lo) as f64;
    bottom - t * (bottom - top)
}

/// Text for XML character data and attribute values.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Layout constants, in SVG user units (pixels).
const GROUP_GAP: f64 = 9.0;
const LEFT: f64 = 78.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 78.0;
const FONT: f64 = 11.0;
/// Approximate advance of one character at `FONT` in a sans-serif face, for the label margin.
const CHAR_W: f64 = 6.3;
/// The kernel labels' angle under the axis.
const LABEL_ANGLE_DEG: f64 = 60.0;

impl BarChart {
    /// The whole SVG document.
    pub fn to_svg(&self) -> String {
        let (element, _, _) = self.to_element(0.0, 0.0);
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{element}")
    }

    /// The chart as one `<svg>` element placed at `(x, y)` of an enclosing SVG document, and its
    /// width and height.
    pub fn to_element(&self, at_x: f64, at_y: f64) -> (String, f64, f64) {
        let bar_w = self.style.bar_width;
        let n_series = self.series.len().max(1);
        let group_w = n_series as f64 * bar_w + GROUP_GAP;
        let plot_w = (self.groups.len().max(1) as f64 * group_w).max(self.style.min_plot_width);
        let longest = self.groups.iter().map(|g| g.label.chars().count()).max().unwrap_or(0) as f64;
        let bottom_margin = longest * CHAR_W * LABEL_ANGLE_DEG.to_radians().sin() + 30.0;
        // The first label, rotated, reaches left of its group by its length × cos(angle).
        let first = self.groups.first().map_or(0, |g| g.label.chars().count()) as f64;
        let left = LEFT.max(first * CHAR_W * LABEL_ANGLE_DEG.to_radians().cos() + 8.0);
        let plot_h = self.style.plot_height;
        let (width, height) = (left + plot_w + RIGHT, TOP + plot_h + bottom_margin);
        let (top, bottom) = (TOP, TOP + plot_h);

        let values: Vec<u64> =
            self.groups.iter().flat_map(|g| g.values.iter().flatten().copied()).filter(|&v| v > 0).collect();
        let (lo, hi) = decades(values.iter().copied().min().unwrap_or(1), values.iter().copied().max().unwrap_or(10));
        let y = |v: f64| log_y(v, lo, hi, top, bottom);

        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" x="{at_x:.0}" y="{at_y:.0}" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="{FONT}">"#
        );
        let _ = writeln!(s, r#"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="white"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="24" text-anchor="middle" font-size="15" font-weight="bold">{}</text>"#,
            left + plot_w / 2.0,
            escape(&self.title)
        );

        // Decade gridlines and their values; faint lines at 2..9 × each decade.
        for k in lo..=hi {
            let yk = y(10f64.powi(k as i32));
            let _ = writeln!(
                s,
                r##"<line x1="{left:.1}" y1="{yk:.1}" x2="{:.1}" y2="{yk:.1}" stroke="#bbbbbb" stroke-width="1"/>"##,
                left + plot_w
            );
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                left - 6.0,
                yk + FONT / 3.0,
                decade_label(k)
            );
            if k < hi {
                for m in 2..10 {
                    let ym = y(m as f64 * 10f64.powi(k as i32));
                    let _ = writeln!(
                        s,
                        r##"<line x1="{left:.1}" y1="{ym:.1}" x2="{:.1}" y2="{ym:.1}" stroke="#eeeeee" stroke-width="1"/>"##,
                        left + plot_w
                    );
                }
            }
        }
        let _ = writeln!(
            s,
            r#"<text transform="translate(18,{:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
            (top + bottom) / 2.0,
            escape(&self.y_label)
        );

        // Bars, and each group's label under the axis.
        for (gi, g) in self.groups.iter().enumerate() {
            let x0 = left + gi as f64 * group_w + GROUP_GAP / 2.0;
            for (si, v) in g.values.iter().enumerate() {
                let Some(v) = v.filter(|&v| v > 0) else { continue };
                let color = self.series.get(si).map_or("gray", |c| c.1.as_str());
                let name = self.series.get(si).map_or("", |c| c.0.as_str());
                let yv = y(v as f64);
                let bx = x0 + si as f64 * bar_w;
                let _ = writeln!(
                    s,
                    r#"<rect x="{bx:.1}" y="{yv:.1}" width="{bar_w}" height="{:.1}" fill="{}"><title>{}: {} {v}</title></rect>"#,
                    bottom - yv,
                    escape(color),
                    escape(&g.label),
                    escape(name)
                );
                if self.style.value_labels {
                    let _ = writeln!(
                        s,
                        r#"<text class="value" x="{:.1}" y="{:.1}" text-anchor="middle">{v}</text>"#,
                        bx + bar_w / 2.0,
                        yv - 4.0
                    );
                }
            }
            let missing = g.values.iter().all(Option::is_none);
            let lx = x0 + n_series as f64 * bar_w / 2.0;
            let _ = writeln!(
                s,
                r#"<text transform="translate({lx:.1},{:.1}) rotate(-{LABEL_ANGLE_DEG})" text-anchor="end"{}>{}</text>"#,
                bottom + 10.0,
                if missing { r##" fill="#b00000""## } else { "" },
                escape(&g.label)
            );
        }
        // The axes over the bars.
        let _ = writeln!(
            s,
            r#"<path d="M{left:.1},{top} V{bottom} H{:.1}" fill="none" stroke="black" stroke-width="1"/>"#,
            left + plot_w
        );

        // Legend, top right above the plot.
        let mut lx = left + plot_w;
        for (name, color) in self.series.iter().rev() {
            lx -= name.chars().count() as f64 * CHAR_W + 30.0;
            let _ = writeln!(
                s,
                r#"<rect x="{lx:.1}" y="{:.1}" width="12" height="12" fill="{}"/>"#,
                TOP - 30.0,
                escape(color)
            );
            let _ = writeln!(s, r#"<text x="{:.1}" y="{:.1}">{}</text>"#, lx + 17.0, TOP - 20.0, escape(name));
        }
        s.push_str("</svg>\n");
        (s, width, height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decades_span_the_values() {
        assert_eq!(decades(1, 10), (0, 1));
        assert_eq!(decades(5, 5), (0, 1));
        assert_eq!(decades(100, 1000), (2, 3));
        assert_eq!(decades(150, 1001), (2, 4));
        assert_eq!(decades(24_576, 17_317_888), (4, 8));
        assert_eq!(decades(0, 0), (0, 1));
    }

    #[test]
    fn decade_labels() {
        let labels: Vec<String> = (0..=16).map(decade_label).collect();
        assert_eq!(
            labels,
            [
                "1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1G", "10G", "100G", "1T", "10T", "100T",
                "1e15", "1e16"
            ]
        );
    }

    #[test]
    fn log_axis() {
        assert_eq!(log_y(100.0, 2, 4, 0.0, 200.0), 200.0);
        assert_eq!(log_y(10_000.0, 2, 4, 0.0, 200.0), 0.0);
        assert!((log_y(1000.0, 2, 4, 0.0, 200.0) - 100.0).abs() < 1e-9);
    }

    #[test]
    fn writes_bars_labels_and_legend() {
        let chart = BarChart {
            title: "a < b & c".into(),
            y_label: "sectors".into(),
            series: vec![("baseline".into(), "#888".into()), ("default".into(), "#36c".into())],
            groups: vec![
                Group { label: "k/gemm".into(), values: vec![Some(1000), Some(100)] },
                Group { label: "k/bad".into(), values: vec![None, None] },
            ],
            style: Style::default(),
        };
        let svg = chart.to_svg();
        assert!(svg.starts_with("<?xml") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("a &lt; b &amp; c"));
        assert_eq!(svg.matches("<rect x=").count(), 1 + 2 + 2, "background, two bars, two legend boxes");
        assert!(svg.contains("<title>k/gemm: baseline 1000</title>"));
        // Decades 10^2..10^3: the 1000 bar reaches the top gridline.
        assert!(svg.contains(">100</text>") && svg.contains(">1k</text>"));
        assert!(svg.contains(r##"fill="#b00000">k/bad</text>"##));
        assert!(svg.contains("rotate(-60)"));
        assert!(!svg.contains(r#"class="value""#));
        let labelled = BarChart { style: Style { value_labels: true, ..Style::default() }, ..chart };
        let (element, w, h) = labelled.to_element(10.0, 20.0);
        assert!(element.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" x="10" y="20""#));
        assert!(w > 0.0 && h > 0.0);
        assert!(element.contains(r#"class="value""#) && element.contains(">1000</text>"));
    }
}
