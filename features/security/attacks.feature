Feature: Attacks from outside are refused
  A security probe from outside, against the product with its demo data and a second provider,
  found these holes (issue 16). Each scenario is the attack as it was tried; each must fail.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail                 | role       |
      | Sunita | admin@example.com      | admin      |
      | Asha   | user@example.com       | user       |
      | Sam    | superadmin@example.com | superadmin |
    And Rohan has registered "Rival Clinic" as a provider in "Healthcare"
    And Sam has signed in and accepted "Rival Clinic"
    And Rohan has signed in
    And Rohan has added this service:
      | name              | General Consultation |
      | price             | ₹0.00                   |
      | automatic booking | yes                  |
    And Asha has signed in

  Scenario: A user tries to book Sunrise's paid slot under Rival's free price
    When Asha books "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00, naming "Rival Clinic" as the provider
    Then Asha is told "This time slot belongs to another provider"
    And Asha has no appointments
    When Asha books "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
    Then Asha's new appointment is:
      | service        | General Consultation |
      | provider       | Sunrise Clinic       |
      | status         | pending              |
      | price          | ₹50.00                  |
      | payment needed | yes                  |
