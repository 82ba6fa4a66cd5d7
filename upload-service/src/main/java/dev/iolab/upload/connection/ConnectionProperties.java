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
 */
@ConfigurationProperties("upload.connections")
record ConnectionProperties(
        @DefaultValue("256") int maxPerAddress,
        @DefaultValue("20s") Duration headerTimeout) {}
