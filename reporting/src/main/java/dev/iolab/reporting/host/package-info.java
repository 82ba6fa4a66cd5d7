/**
 * Facts about the machine a measurement ran on, read from {@code /proc} and {@code /sys}:
 * {@link dev.iolab.reporting.host.HostFacts}.
 */
package dev.iolab.reporting.host;
