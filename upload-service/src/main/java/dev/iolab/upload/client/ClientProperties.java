package dev.iolab.upload.client;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who may call, prefix {@code upload}.
 *
 * @param apiKey when set, uploads and downloads need {@code Authorization: Bearer <key>}, and health details are
 *               shown only with it
 */
@ConfigurationProperties("upload")
public record ClientProperties(String apiKey) {}
