@echo off
rem The package root as a plugin folder (the old path ./node_modules/pulumi-vcrooms): the same plugin as plugin/.
node "%~dp0dist\provider\plugin\main.js" %*
