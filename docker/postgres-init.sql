-- One database per stateful service (architecture.md "Data").
CREATE DATABASE courses;
CREATE DATABASE applications;
CREATE DATABASE files;
CREATE DATABASE scenarios;
CREATE DATABASE notifications;
