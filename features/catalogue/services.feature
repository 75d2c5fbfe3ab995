Feature: Managing a provider's services
  A provider's admin keeps the list of services the provider offers: what each is called, how
  long it takes and what it costs. Whether a booking must be paid follows the price: a service
  with a price needs payment, a free one does not. The provider's incharge can see the list but
  not change it, and users book services without managing them.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail               | role     |
      | Sunita | admin@example.com    | admin    |
      | Ivan   | incharge@example.com | incharge |
      | Asha   | user@example.com     | user     |
    And Sunita has signed in

  Rule: The admin adds, changes and deletes services; payment follows the price

    Scenario: The admin adds a service that needs payment, makes it free, then deletes it
      When Sunita adds the service "Vaccination" taking 20 minutes at ₹50
      Then Sunita is shown the service "Vaccination" with payment needed: yes
      And Sunita sees these services:
        | service              | minutes | price | payment needed | automatic booking |
        | General Consultation | 30      | ₹50.00   | yes            | no                |
        | Follow-up Visit      | 15      | ₹0.00    | no             | yes               |
        | Vaccination          | 20      | ₹50.00   | yes            | no                |
      When Sunita changes the price of "Vaccination" to ₹0
      Then Sunita is shown the changed service "Vaccination" with payment needed: no
      And Sunita sees these services:
        | service              | minutes | price | payment needed |
        | General Consultation | 30      | ₹50.00   | yes            |
        | Follow-up Visit      | 15      | ₹0.00    | no             |
        | Vaccination          | 20      | ₹0.00    | no             |
      When Sunita deletes the service "Vaccination"
      Then Sunita sees these services:
        | service              | minutes | price |
        | General Consultation | 30      | ₹50.00   |
        | Follow-up Visit      | 15      | ₹0.00    |

    Scenario: Whether payment is needed cannot be chosen, only the price decides
      When Sunita adds the service "Vaccination" at ₹25, saying that no payment is needed
      Then Sunita is shown the service "Vaccination" with payment needed: yes

  Rule: A service form with a mistake is refused and says what to fix

    Scenario Outline: The admin adds a service with a mistake in the <field>
      When Sunita adds a service with the <field> "<value>"
      Then Sunita's service is refused with "<message>" on the <field>
      And Sunita sees these services:
        | service              |
        | General Consultation |
        | Follow-up Visit      |

      Examples:
        | field    | value | message                            |
        | name     |       | Service name is required           |
        | duration | 0     | Duration must be at least 1 minute |
        | duration | 2.5   | Duration must be at least 1 minute |
        | duration | ten   | Duration must be at least 1 minute |
        | price    | -1    | Price must be non-negative         |

    Scenario: A provider cannot have two services with the same name
      When Sunita adds the service "general consultation" taking 45 minutes at ₹80
      Then Sunita is told "A service with this name already exists"
      And Sunita has exactly one service called "General Consultation"
      When Sunita renames the service "Follow-up Visit" to "General Consultation"
      Then Sunita is told "A service with this name already exists"
      And Sunita has exactly one service called "General Consultation"

  Rule: The incharge reads the services, only the admin changes them, and users do not manage them

    Scenario: The incharge sees the services but cannot add one
      Given Ivan has signed in
      Then Ivan sees these services:
        | service              | minutes | price | payment needed | automatic booking |
        | General Consultation | 30      | ₹50.00   | yes            | no                |
        | Follow-up Visit      | 15      | ₹0.00    | no             | yes               |
      When Ivan adds the service "Vaccination" taking 20 minutes at ₹50
      Then Ivan is refused with "You do not have permission to do this"
      And Sunita sees these services:
        | service              |
        | General Consultation |
        | Follow-up Visit      |

    Scenario: A user cannot list a provider's services
      Given Asha has signed in
      When Asha asks for the services
      Then Asha is refused with "You do not have permission to do this"
