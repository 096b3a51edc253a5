package dev.tickbench.app.connect;
public sealed interface ConnectionEvent {
    record Connected(String detail) implements ConnectionEvent {}
    record Dropped(String reason) implements ConnectionEvent {}
    record Reconnecting(int attempt, long delayMs) implements ConnectionEvent {}
    record Failed(String message) implements ConnectionEvent {}   // shown to the user
}
