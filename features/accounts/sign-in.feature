Feature: Signing in and out
  A registered person signs in with their e-mail address and password and is told which role
  they have. Guessing passwords is slowed down, signing out ends the session for good, and a
  provider's admin waits for the provider to be approved before signing in.

  Background:
    Given Asha has registered as a user with the password "correct-horse-battery"

  Scenario: Signing in with the right password
    When Asha signs in with the password "correct-horse-battery"
    Then Asha is told "Login successful"
    And Asha is signed in as a user

  Scenario: Signing in with a wrong password is refused
    When Asha signs in with the password "wrong-horse-battery"
    Then Asha is told "Invalid email or password"
    And Asha is not signed in

  Scenario: An unknown e-mail address gets the same answer as a wrong password
    When Ben signs in with the e-mail "nobody@example.org"
    Then Ben is told "Invalid email or password"
    And Ben is not signed in

  Scenario: After ten failed attempts even the right password is refused for a while
    Given Ben has registered as a user
    And someone has tried to sign in as Asha with a wrong password 10 times
    When Asha signs in with the password "correct-horse-battery"
    Then Asha is told "Too many failed sign-in attempts. Please wait a minute and try again."
    And Asha is not signed in
    But Ben can sign in as a user

  Scenario: Signing out ends the session
    Given Asha has signed in
    When Asha signs out
    Then Asha is told "Logout successful"
    And Asha is not signed in
    And the session Asha had is no longer accepted, even if someone kept a copy of it

  Scenario: A provider's admin cannot sign in before the provider is approved
    Given Priya has registered "Lotus Physio" as a provider in "Healthcare"
    When Priya signs in
    Then Priya is told "Your provider registration is still being reviewed"
    And Priya is not signed in
