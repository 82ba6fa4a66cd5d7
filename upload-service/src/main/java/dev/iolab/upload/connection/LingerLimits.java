package dev.iolab.upload.connection;

import java.time.Duration;

/**
 * How much of a refused request's body is still read, and for how long, so that the client reads its answer rather
 * than a connection reset: what Tomcat discards after a refusal, and what an upload refused while its client was still
 * sending discards itself. Past either bound the connection is closed.
 *
 * @param maxBytes {@code server.tomcat.max-swallow-size}
 * @param time {@code upload.connections.linger-time}
 */
public record LingerLimits(long maxBytes, Duration time) {}
