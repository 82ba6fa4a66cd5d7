package dev.iolab.upload.web;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How every route answers, prefix {@code upload}.
 *
 * @param retryAfter value of {@code Retry-After} on capacity refusals (whole seconds are sent)
 */
@ConfigurationProperties("upload")
public record WebProperties(@DefaultValue("5s") Duration retryAfter) {}
