package dev.iolab.upload.transfer;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The upload feature's own setting, prefix {@code upload}; its parts have theirs ({@code upload.executor.*},
 * {@code upload.memory-budget.*}, {@code upload.body.*}, the strategies' {@code upload.default-strategy} and
 * {@code upload.temp-dir}).
 *
 * @param maxSize largest accepted body (raw) or file part (multipart); larger ones get 413
 */
@ConfigurationProperties("upload")
record UploadProperties(@DefaultValue("1GB") DataSize maxSize) {}
