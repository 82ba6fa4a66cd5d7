/** JMH's results as reports see them: one {@link dev.iolab.reporting.jmh.BenchmarkResult} per entry of its JSON file. */
package dev.iolab.reporting.jmh;
