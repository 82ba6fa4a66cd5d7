package dev.iolab.upload.client;

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
 */
@ConfigurationProperties("upload.client-share")
public record ClientShareProperties(
        @DefaultValue("0.25") double uploads,
        @DefaultValue("0.25") double downloads,
        @DefaultValue("0.1") double grants) {

    public ClientShareProperties {
        ClientShares.limit(1, uploads);
        ClientShares.limit(1, downloads);
        ClientShares.limit(1, grants);
    }
}
