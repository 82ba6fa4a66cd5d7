/**
 * Statistics every report shares: the median and quantiles ({@link dev.iolab.reporting.stats.Medians}) of a fork's
 * iterations, a tool's repeated runs or a study's pairs, NaN where there is no value.
 */
package dev.iolab.reporting.stats;
