package dev.iolab.upload.connection;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Connection limits ({@code upload.connections.*}) enforced in the connector, before a request reaches any code of ours (see
 * {@code docs/upload-service.md}, "Limits").
 *
 * @param maxPerAddress open connections one client address may hold; a connection beyond it is closed as soon as
 *     it is accepted, without reading it; 0 or less turns the limit off
 * @param headerTimeout longest time from the first byte of a request to the end of its head (request line and
 *     headers), however steadily the bytes come; a connection still sending its head then is closed. 0 or less
 *     turns the deadline off
 * @param lingerTime longest a connection keeps reading (and discarding) the body of a request it has answered without
 *     reading it, so that the client can read the answer before the connection closes (nginx's {@code lingering_time}
 *     is 30 s, Apache httpd's 2 s); the bytes are bounded by {@code server.tomcat.max-swallow-size}
 * @param maxLingeringPerClient connections one client may have lingering at once; beyond it a refused request's
 *     connection is closed right after its answer (a client still sending may then see a reset instead of it)
 */
@ConfigurationProperties("upload.connections")
record ConnectionProperties(
        @DefaultValue("256") int maxPerAddress,
        @DefaultValue("20s") Duration headerTimeout,
        @DefaultValue("5s") Duration lingerTime,
        @DefaultValue("16") int maxLingeringPerClient) {}
