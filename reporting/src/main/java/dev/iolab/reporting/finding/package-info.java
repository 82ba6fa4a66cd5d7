/**
 * What a report concludes: {@link dev.iolab.reporting.finding.Finding}s, each resting on ratios between cells of one
 * run ({@link dev.iolab.reporting.finding.Claim}), which sections draw from their results and word in templates.
 */
package dev.iolab.reporting.finding;
