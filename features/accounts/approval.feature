Feature: Approving providers
  A business that registers as a provider waits until a superadmin accepts or rejects it.
  Accepting makes the provider active and lets its admin sign in. Rejecting deletes the
  registration, so the person can apply again. Support can see who is waiting, but only a
  superadmin decides.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail                 | role       |
      | Sam    | superadmin@example.com | superadmin |
      | Sue    | support@example.com    | support    |
    And Priya has registered "Lotus Physio" as a provider in "Healthcare"

  Scenario: The superadmin accepts a provider and its admin can then sign in
    Given Sam has signed in
    Then Sam sees "Lotus Physio" from Priya in "Healthcare" waiting for approval
    When Sam accepts "Lotus Physio"
    Then Sam is told "Provider approved successfully"
    And Sam no longer sees "Lotus Physio" waiting for approval
    And Priya can sign in as an admin
    And Priya is the admin of "Lotus Physio", which is active

  Scenario: The superadmin rejects a provider and the person can register again
    Given Sam has signed in
    When Sam rejects "Lotus Physio"
    Then Sam is told "User deleted successfully"
    And Sam no longer sees "Lotus Physio" waiting for approval
    And Priya cannot sign in: "Invalid email or password"
    When Priya registers "Lotus Physio" as a provider in "Healthcare" again with the same e-mail
    Then Priya is told "User created successfully"
    And Sam sees "Lotus Physio" from Priya in "Healthcare" waiting for approval

  Scenario: Support sees who is waiting but may not accept or reject
    Given Sue has signed in
    Then Sue sees "Lotus Physio" from Priya in "Healthcare" waiting for approval
    When Sue tries to accept "Lotus Physio"
    Then Sue is refused with "You do not have permission to do this"
    When Sue tries to reject "Lotus Physio"
    Then Sue is refused with "You do not have permission to do this"
    And Sue still sees "Lotus Physio" from Priya in "Healthcare" waiting for approval
    And Priya cannot sign in yet: "Your provider registration is still being reviewed"
