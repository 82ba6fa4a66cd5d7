package dev.iolab.upload.client;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Each client's share of what every client shares, prefix {@code upload.client-share}, as fractions of each capacity
 * ({@link ClientShares#limit(int, double)}: rounded down, at least one). The defaults leave the study's 125 to 400
 * distinct clients with one upload each untouched, and keep any one client from taking everything: a client over its
 * share gets 429 {@code over-share}.
 *
 * @param uploads of the upload threads (how many of its uploads run at once: 6 of 25, as many as a browser opens per
 *     host) and of threads + queue (how many it may have admitted at once: 31 of 125); its uploads beyond the first
 *     wait in line while other clients' uploads are taken first
 * @param downloads of {@code upload.download.max-concurrent} (16 of 64)
 * @param grants of {@code upload.valet-key.max-open-grants} (1,000 of 10,000): open valet-key grants one client may
 *     hold on a replica, so one client asking for grants in a loop cannot leave none for the others
 * @param reserved of the upload threads, the upload slots, the download slots and the open valet-key grants, the part
 *     kept for clients that hold none of it (rounded up; 5 of 25 threads, 25 of 125 slots, 13 of 64 downloads, 2,000
 *     of 10,000 grants): a client that holds some may take
 *     one more only while more than this is free, so the few clients it takes to fill the rest with their whole
 *     shares (four at a quarter each) cannot lock out a newcomer. Never more than leaves a client alone its whole
 *     share, so a share of 1 has no reserve; 0 turns it off
 */
@ConfigurationProperties("upload.client-share")
public record ClientShareProperties(
        @DefaultValue("0.25") double uploads,
        @DefaultValue("0.25") double downloads,
        @DefaultValue("0.1") double grants,
        @DefaultValue("0.2") double reserved) {

    public ClientShareProperties {
        ClientShares.limit(1, uploads);
        ClientShares.limit(1, downloads);
        ClientShares.limit(1, grants);
        ClientShares.reserve(1, 1, reserved);
    }

    /** Shares of {@code capacity} of which one client holds at most {@code share}, with the {@link #reserved} part. */
    public ClientShares shares(String resource, int capacity, double share, MeterRegistry registry) {
        int limit = ClientShares.limit(capacity, share);
        return new ClientShares(resource, capacity, limit, ClientShares.reserve(capacity, limit, reserved), registry);
    }
}
