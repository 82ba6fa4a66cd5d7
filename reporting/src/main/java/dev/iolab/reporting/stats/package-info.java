/**
 * Statistics every report shares: the median ({@link dev.iolab.reporting.stats.Medians}) of a fork's iterations, a
 * tool's repeated runs or a study's pairs.
 */
package dev.iolab.reporting.stats;
