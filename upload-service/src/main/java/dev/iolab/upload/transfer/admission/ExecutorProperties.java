package dev.iolab.upload.transfer.admission;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The upload executor ({@code upload.executor.*}): uploads run here, their bodies are read here.
 *
 * @param maxSize upload threads, all started at once
 * @param queueCapacity uploads that may wait for a thread; beyond threads + queue an upload gets 503 queue-full
 * @param asyncTimeout how long a request may wait and run in total; a request still queued then is answered
 *     with 503 and its task is cancelled without touching the request
 */
@ConfigurationProperties("upload.executor")
record ExecutorProperties(
        @DefaultValue("25") int maxSize,
        @DefaultValue("100") int queueCapacity,
        @DefaultValue("10m") Duration asyncTimeout) {}
