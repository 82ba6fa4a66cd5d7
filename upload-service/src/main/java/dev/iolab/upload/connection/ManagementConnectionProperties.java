package dev.iolab.upload.connection;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The management port's connection limits ({@code upload.management-connections.*}): health, metrics and info on
 * {@code management.server.port}, guarded like the public connector but sized for its few, short callers (health
 * checks, Prometheus, an operator's curl). Where the port listens is Spring's {@code management.server.address}
 * (loopback unless {@code MANAGEMENT_SERVER_ADDRESS} says otherwise). See {@code docs/upload-service.md}, "Limits".
 *
 * @param maxOpen open connections the port holds; at the cap a new connection closes the one that has been sending its
 *     request head the longest (a slow head never keeps a newcomer waiting), and is closed itself only when no open
 *     connection is in its head. 0 or less leaves the port uncapped (Tomcat's own {@code maxConnections} does not
 *     apply either)
 * @param maxPerAddress open connections one address may hold; beyond it a connection is closed at accept; 0 or less
 *     turns the limit off
 * @param headerTimeout longest time from a request's first byte to the end of its head, and longest wait for the first
 *     byte of a new connection; a health check that has not sent its head by then has failed anyway
 * @param keepAliveTimeout longest a connection waits idle for its next request
 * @param maxKeepAliveRequests requests one connection may carry before it is closed
 */
@ConfigurationProperties("upload.management-connections")
record ManagementConnectionProperties(
        @DefaultValue("64") int maxOpen,
        @DefaultValue("8") int maxPerAddress,
        @DefaultValue("3s") Duration headerTimeout,
        @DefaultValue("15s") Duration keepAliveTimeout,
        @DefaultValue("100") int maxKeepAliveRequests) {}
